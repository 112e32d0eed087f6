import { FILTER_WORD, listPath, LIST_REQUEST_TEXT } from './dataset';

/*
 * The three requests of `npm run bench` (issue 11): (a) the heaviest everyday list — `contains`
 * filter, sort, deep page —, (b) the first page with no filter, what a list screen opens with, and
 * (c) one material by id, what a form opens with. Each has its Directus equivalent (REST API,
 * same table, same rows, the same two references resolved), for the comparison run when
 * BENCH_DIRECTUS_URL is given.
 */

export type CaseKind = 'list' | 'record';

export interface BenchCase {
  key: 'a' | 'b' | 'c';
  title: string;
  kind: CaseKind;
  /** As sent to GOC (encoded). */
  path: string;
  /** As written in the README (readable). */
  text: string;
  /** The same request to Directus's REST API. */
  directusPath: string;
}

/** Directus resolves the same references the GOC rows carry (category name, unit abbreviation). */
const DIRECTUS_FIELDS = 'fields=*,material_category_id.name,unit_id.abbreviation';

export function benchCases(recordId: number): BenchCase[] {
  return [
    {
      key: 'a',
      title: `(a) \`contains '${FILTER_WORD}'\` + sort + page 50`,
      kind: 'list',
      path: listPath(),
      text: LIST_REQUEST_TEXT,
      directusPath: `/items/materials?filter[name][_icontains]=${FILTER_WORD}&sort=name&page=50&limit=25&meta=filter_count&${DIRECTUS_FIELDS}`,
    },
    {
      key: 'b',
      title: '(b) first page, no filter',
      kind: 'list',
      path: '/api/v2/materials?page=1&pageSize=25',
      text: 'GET /api/v2/materials?page=1&pageSize=25',
      directusPath: `/items/materials?sort=name&page=1&limit=25&meta=filter_count&${DIRECTUS_FIELDS}`,
    },
    {
      key: 'c',
      title: '(c) one material by id',
      kind: 'record',
      path: `/api/v2/materials/${recordId}`,
      text: `GET /api/v2/materials/${recordId}`,
      directusPath: `/items/materials/${recordId}?${DIRECTUS_FIELDS}`,
    },
  ];
}
