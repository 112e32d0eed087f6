import type { Nouns } from '@goc/contracts';
import { EMPTY_FILTER_MESSAGE } from '../../i18n/prime-locale';

/** Spanish texts of the record form and its dialogs. */
export const formTexts = {
  /** 'Nueva unidad', 'Nuevo material'. */
  newTitle: (nouns: Nouns) => `${nouns.article === 'la' ? 'Nueva' : 'Nuevo'} ${nouns.singular}`,
  editTitle: (nouns: Nouns) => `Editar ${nouns.singular}`,
  savedWithWarning: 'Guardado con advertencias',
  save: 'Guardar',
  cancel: 'Cancelar',
  reload: 'Recargar',
  reloadHint: 'Recarga para ver los cambios de la otra persona; lo que escribiste aquí se perderá.',
  noChanges: 'No hay cambios que guardar',
  emptyOptions: EMPTY_FILTER_MESSAGE,
  selectOption: 'Selecciona una opción',
  selectOptions: 'Selecciona una o varias opciones',
  searchOptions: 'Buscar opciones',
  searchOptionsPlaceholder: 'Escribe para buscar…',
  moreOptions: 'Mostrar más',
  narrowSearch: 'Hay más resultados: escribe para acotar la búsqueda',
  lineActions: 'Acciones de la línea',
  addLine: (nouns: Nouns) => `Agregar ${nouns.singular}`,
  noLines: (nouns: Nouns) => `Sin ${nouns.plural}: usa «Agregar ${nouns.singular}»`,
  moveLineUp: (line: string) => `Subir ${line}`,
  moveLineDown: (line: string) => `Bajar ${line}`,
  removeLine: (line: string) => `Quitar ${line}`,
  total: 'Total',
  selectParentFirst: (parent: string) => `Elige primero «${parent}»`,
  searchIcon: 'Buscar icono…',
  yes: 'Sí',
  no: 'No',
  optional: 'opcional',
  saveFailed: 'No se pudo guardar',
  colorLabel: 'Elegir color',
  photoPreview: 'Vista previa de la foto',
  passwordRulesTitle: 'La contraseña debe cumplir:',
} as const;
