/*
 * Spanish messages about records, built from a catalogue's nouns so every catalogue (and every
 * business module) speaks with the right gender and number: 'La unidad se usa en 12 materiales'.
 */

export interface Nouns {
  singular: string;
  plural: string;
  /** Definite article of the singular; also gives the gender of every other word. */
  article: 'el' | 'la';
}

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const feminine = (n: Nouns) => n.article === 'la';
/** 'Nombre' → 'nombre', but acronyms such as 'RFC' or 'CURP' stay as they are. */
const lowerLabel = (label: string) => (/^[A-ZÁÉÍÓÚÑ][a-záéíóúñü]/.test(label) ? label.charAt(0).toLowerCase() + label.slice(1) : label);

function count(n: number, nouns: Nouns): string {
  return `${n} ${n === 1 ? nouns.singular : nouns.plural}`;
}

function joinList(parts: readonly string[]): string {
  if (parts.length <= 1) return parts.join('');
  return `${parts.slice(0, -1).join(', ')} y ${parts[parts.length - 1]}`;
}

/** How many referring rows a delete refusal names at most. */
export const IN_USE_NAMED = 5;

/** '2 pedidos (PED-000003 y PED-000017)', '8 pedidos (PED-000001, …, PED-000005 y 3 más)'. */
function use(u: { nouns: Nouns; count: number; names?: readonly string[] }): string {
  const names = (u.names ?? []).slice(0, IN_USE_NAMED);
  if (names.length === 0) return count(u.count, u.nouns);
  const rest = u.count - names.length;
  return `${count(u.count, u.nouns)} (${joinList(rest > 0 ? [...names, `${rest} más`] : names)})`;
}

/**
 * 409 on delete: 'La unidad se usa en 12 materiales y 1 pedido'; records with a name of their own
 * (an order's folio) are named: 'El proyecto se usa en 2 pedidos (PED-000003 y PED-000017)'.
 */
export function inUseMessage(target: Nouns, uses: readonly { nouns: Nouns; count: number; names?: readonly string[] }[]): string {
  return `${capitalize(target.article)} ${target.singular} se usa en ${joinList(uses.map(use))}`;
}

/** 409 on a unique field: 'Ya existe una unidad con abreviatura «kg»'. */
export function duplicateMessage(nouns: Nouns, fieldLabel: string, value: string): string {
  return `Ya existe ${feminine(nouns) ? 'una' : 'un'} ${nouns.singular} con ${lowerLabel(fieldLabel)} «${value}»`;
}

/** 404: 'No se encontró la unidad'. */
export function notFoundMessage(nouns: Nouns): string {
  return `No se encontró ${nouns.article} ${nouns.singular}`;
}

export type RecordAction = 'created' | 'updated' | 'deleted' | 'activated' | 'deactivated';
const PARTICIPLES: Record<RecordAction, string> = {
  created: 'cread',
  updated: 'actualizad',
  deleted: 'eliminad',
  activated: 'activad',
  deactivated: 'desactivad',
};

/** Success toast: 'Unidad creada', 'Material eliminado'. */
export function savedMessage(nouns: Nouns, action: RecordAction): string {
  return `${capitalize(nouns.singular)} ${PARTICIPLES[action]}${feminine(nouns) ? 'a' : 'o'}`;
}

/**
 * Success toast of a workflow action, named by the status reached (the status catalogues name
 * their rows as past participles): 'Pedido PED-000061 enviado', 'Pedido PED-000061 entregado parcial'.
 */
export function transitionMessage(nouns: Nouns, label: string, statusName: string): string {
  return `${capitalize(nouns.singular)} ${label} ${statusName.toLocaleLowerCase('es-MX')}`;
}

/** Delete confirmation: '¿Eliminar la unidad «Kilogramo»?'. */
export function confirmDeleteMessage(nouns: Nouns, label: string): string {
  return `¿Eliminar ${nouns.article} ${nouns.singular} «${label}»?`;
}

/** 409 on deleting a system row of a status catalogue. */
export function systemRowMessage(nouns: Nouns, label: string): string {
  return `${capitalize(nouns.article)} ${nouns.singular} «${label}» es del sistema y no se puede eliminar`;
}
