import { idseFileSchema, registrationStatusesCatalog, registryCutsResource, stampStatusesCatalog, type BulkMovementStatus, type IdseFile, type MovementType, type RegistryCut } from '@goc/contracts';
import { api } from '../../lib/api/client';
import { fetchOptionPage } from '../../lib/resources/options';
import { fileNameFromDisposition, saveBlob } from '../../lib/resources/download';
import { resourceKeys } from '../../lib/resources/query-keys';

/* The calls only weekly cuts have: the cut with its totals, closing, its workbook and its IDSE files. */

const CUTS = registryCutsResource.resource;

export const cutKeys = {
  detail: (id: number) => resourceKeys.record(CUTS, id),
};

/** Where the shared list reads one cut's movements (list protocol). */
export const cutMovementsPath = (id: number): `/${string}` => `${CUTS}/${id}/movements`;

/** GET /registry/cuts/:id: the cut, its totals and its summary per work. */
export async function fetchCut(id: number): Promise<RegistryCut> {
  const response = await api.get(`${CUTS}/${id}`);
  return registryCutsResource.schemas.entity.parse(response.data);
}

/** POST /registry/cuts/:id/close; `force` closes the current week before it ends. */
export async function closeCut(id: number, version: number, force: boolean): Promise<RegistryCut> {
  const response = await api.post(`${CUTS}/${id}/close`, { version, force });
  return registryCutsResource.schemas.entity.parse(response.data);
}

/** GET /registry/cuts/:id/export?format=xlsx saved under the server's file name (or `corte-<label>.xlsx`). */
export async function downloadCutWorkbook(id: number, label: string): Promise<void> {
  const response = await api.get<Blob>(`${CUTS}/${id}/export`, { params: { format: 'xlsx' }, responseType: 'blob' });
  saveBlob(response.data, fileNameFromDisposition(response.headers['content-disposition']) ?? `corte-${label}.xlsx`);
}

/** GET /registry/cuts/:id/idse?format=json: the batch file of one company and movement type, with the movements it refused. */
export async function fetchIdseFile(id: number, companyId: number, type: MovementType): Promise<IdseFile> {
  const response = await api.get(`${CUTS}/${id}/idse`, { params: { companyId, type, format: 'json' } });
  return idseFileSchema.parse(response.data);
}

/** The IDSE batch as the plain-text file IDSE takes (its records already end in CRLF). */
export function saveIdseFile(file: IdseFile): void {
  saveBlob(new Blob([file.content], { type: 'text/plain' }), file.fileName);
}

/** POST /registry/cuts/:id/movements/status: several movements of the cut marked at once, all or none. */
export async function markCutMovements(id: number, body: BulkMovementStatus): Promise<number> {
  const response = await api.post<{ updated: number }>(`${CUTS}/${id}/movements/status`, body);
  return response.data.updated;
}

/** The ids of the active registration and stamp statuses, by their system code (the names are renamable). */
export async function fetchStatusCodes(): Promise<{ registration: ReadonlyMap<string, number>; stamp: ReadonlyMap<string, number> }> {
  const byCode = async (resource: string) => {
    const page = await fetchOptionPage(resource, { limit: 200 });
    return new Map(page.items.flatMap((o) => (o.code && typeof o.value === 'number' ? [[o.code, o.value] as const] : [])));
  };
  const [registration, stamp] = await Promise.all([byCode(registrationStatusesCatalog.resource), byCode(stampStatusesCatalog.resource)]);
  return { registration, stamp };
}
