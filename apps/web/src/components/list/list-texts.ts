import { EMPTY_FILTER_MESSAGE, EMPTY_MESSAGE } from '../../i18n/prime-locale';
import { formatNumber } from '../../lib/format';

/** Spanish texts of the list page. */
export const listTexts = {
  empty: EMPTY_MESSAGE,
  emptyOptions: EMPTY_FILTER_MESSAGE,
  search: 'Buscar',
  searchPlaceholder: 'Buscar…',
  create: 'Nuevo',
  columns: 'Columnas',
  columnsPlaceholder: 'Columnas visibles',
  exportExcel: 'Excel',
  exportCsv: 'CSV',
  exportExcelLabel: 'Exportar a Excel lo filtrado',
  exportCsvLabel: 'Exportar a CSV lo filtrado',
  exported: 'Exportación descargada',
  exportFailed: 'No se pudo exportar',
  clearFilters: 'Limpiar filtros',
  actions: 'Acciones',
  details: 'Ver detalle',
  edit: 'Editar',
  history: 'Historial',
  duplicate: 'Duplicar',
  delete: 'Eliminar',
  deleteFailed: 'No se pudo eliminar',
  loadFailed: 'No se pudo cargar la lista',
  retry: 'Reintentar',
  yes: 'Sí',
  no: 'No',
  pageReport: '{first}–{last} de {totalRecords}',
  pageReportShort: '{currentPage} / {totalPages}',
  /** Where the page report would be, for a list that answered with no row. */
  noRows: '0 resultados',
  selectOption: 'Selecciona una opción',
  filterValue: 'Valor',
  total: (n: number) => `${formatNumber(n)} ${n === 1 ? 'registro' : 'registros'}`,
} as const;
