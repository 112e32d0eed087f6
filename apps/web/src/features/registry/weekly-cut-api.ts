import { idseFileSchema, registryCutsResource, type IdseFile, type MovementType, type RegistryCut } from '@goc/contracts';
import { api } from '../../lib/api/client';
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
