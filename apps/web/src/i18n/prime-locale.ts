import { addLocale, locale } from 'primereact/api';
import primeLocales from 'primelocale/es.json';

/** SPEC §1 / §9: dates dd/mm/yy in every PrimeReact date input (display formatting lives in the contracts' date module). */
export const PRIME_DATE_FORMAT = 'dd/mm/yy';
/** Monday (SPEC §1: the week starts on Monday). */
export const FIRST_DAY_OF_WEEK = 1;
export const EMPTY_MESSAGE = 'No se han encontrado resultados';
export const EMPTY_FILTER_MESSAGE = 'Sin opciones disponibles';

/** The full primelocale Spanish locale with the SPEC's date format, first weekday and empty-list texts. */
export const SPANISH_LOCALE = {
  ...primeLocales.es,
  dateFormat: PRIME_DATE_FORMAT,
  firstDayOfWeek: FIRST_DAY_OF_WEEK,
  emptyMessage: EMPTY_MESSAGE,
  emptyFilterMessage: EMPTY_FILTER_MESSAGE,
  emptySearchMessage: EMPTY_FILTER_MESSAGE,
};

export function registerSpanishLocale(): void {
  addLocale('es', SPANISH_LOCALE);
  locale('es');
}
