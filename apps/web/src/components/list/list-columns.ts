import type { CatalogField, ListFieldSpec } from '@goc/contracts';
import type { ListResource } from './resource-types';

/** One table column: the declared field and, when lists may filter or sort it, its allowlist entry. */
export interface ListColumn {
  field: CatalogField;
  spec: ListFieldSpec | undefined;
}

/** The columns a resource offers, in declaration order (the column chooser lists them all). */
export function listColumns(resource: Pick<ListResource, 'fields' | 'listFields'>): ListColumn[] {
  return resource.fields
    .filter((field) => field.list.column)
    .map((field) => ({ field, spec: resource.listFields.find((s) => s.name === field.name) }));
}
