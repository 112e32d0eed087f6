import { FilterMatchMode, type APIOptions } from 'primereact/api';

/** SPEC §9 table filter match modes, offered by every DataTable filter menu. */
export const FILTER_MATCH_MODES = {
  text: [FilterMatchMode.STARTS_WITH, FilterMatchMode.CONTAINS, FilterMatchMode.NOT_CONTAINS, FilterMatchMode.ENDS_WITH, FilterMatchMode.EQUALS, FilterMatchMode.NOT_EQUALS],
  numeric: [FilterMatchMode.EQUALS, FilterMatchMode.NOT_EQUALS, FilterMatchMode.LESS_THAN, FilterMatchMode.LESS_THAN_OR_EQUAL_TO, FilterMatchMode.GREATER_THAN, FilterMatchMode.GREATER_THAN_OR_EQUAL_TO],
  date: [FilterMatchMode.DATE_IS, FilterMatchMode.DATE_IS_NOT, FilterMatchMode.DATE_BEFORE, FilterMatchMode.DATE_AFTER],
};

/** PrimeReactProvider value: Spanish, ripple, and the layer order of SPEC §9 (toast above all). */
export const PRIME_CONFIG: Partial<APIOptions> = {
  locale: 'es',
  ripple: true,
  zIndex: { modal: 1100, overlay: 1000, menu: 1000, tooltip: 1100, toast: 1200 },
  filterMatchModeOptions: FILTER_MATCH_MODES,
};
