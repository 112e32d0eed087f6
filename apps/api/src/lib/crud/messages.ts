import type { Nouns } from '@goc/contracts';

/* Spanish messages of the CRUD mechanism that depend on a catalogue's gender (its article). */

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const ending = (nouns: Nouns) => (nouns.article === 'la' ? 'a' : 'o');

/** 400 on a reference to an inactive row: 'La unidad seleccionada está inactiva'. */
export function inactiveReferenceMessage(target: Nouns): string {
  const e = ending(target);
  return `${capitalize(target.article)} ${target.singular} seleccionad${e} está inactiv${e}`;
}

/** 400 on a multi-reference including inactive rows: 'Hay categorías de materiales inactivas entre las seleccionadas'. */
export function inactiveReferencesMessage(target: Nouns): string {
  const e = ending(target);
  return `Hay ${target.plural} inactiv${e}s entre ${target.article}s seleccionad${e}s`;
}

/** 400 on clearing the default row: 'Debe haber un estatus de orden predeterminado; marca otro como predeterminado'. */
export function defaultRequiredMessage(nouns: Nouns): string {
  const e = ending(nouns);
  return `Debe haber ${nouns.article === 'la' ? 'una' : 'un'} ${nouns.singular} predeterminad${e}; marca otr${e} como predeterminad${e}`;
}

/** 409 on deleting the default row. */
export function defaultDeleteMessage(nouns: Nouns): string {
  const e = ending(nouns);
  return `No se puede eliminar ${nouns.article} ${nouns.singular} predeterminad${e}; marca otr${e} como predeterminad${e} primero`;
}

/** 409 when a delete hits a reference the catalogue does not know about (a business module's row). */
export function referencedFallbackMessage(nouns: Nouns): string {
  const e = ending(nouns);
  return `${capitalize(nouns.article)} ${nouns.singular} está en uso y no se puede eliminar. Puedes desactivarl${e} en su lugar.`;
}
