import type { ImportReport } from '@goc/contracts';
import { formatNumber } from '../../lib/format';

const plural = (count: number, one: string, many: string) => `${formatNumber(count)} ${count === 1 ? one : many}`;

export const importTexts = {
  open: 'Importar',
  title: (plural: string) => `Importar ${plural}`,
  intro: 'Descarga la plantilla, llénala en Excel y elige el archivo: se revisa completo antes de escribir nada, y se importa todo o nada.',
  step1: 'Plantilla',
  step2: 'Archivo',
  templateExcel: 'Plantilla de Excel',
  templateCsv: 'Plantilla CSV',
  templateName: (plural: string) => `plantilla-${plural}`,
  templateFailed: 'No se pudo descargar la plantilla',
  chooseFile: 'Elegir archivo',
  chooseAnother: 'Elegir otro archivo',
  matchByCode: 'Actualizar los registros que ya existen (se buscan por su clave)',
  uploading: (percent: number) => `Subiendo el archivo… ${percent} %`,
  checking: (processed: number, total: number) => `Revisando filas… ${formatNumber(processed)} de ${formatNumber(total)}`,
  writing: (processed: number, total: number) => `Importando… ${formatNumber(processed)} de ${formatNumber(total)}`,
  clean: (r: ImportReport) =>
    `Sin errores: ${plural(r.rows, 'fila', 'filas')} — ${plural(r.created, 'nuevo', 'nuevos')}, ${plural(r.updated, 'a actualizar', 'a actualizar')}, ${plural(r.unchanged, 'sin cambios', 'sin cambios')}.`,
  errorCount: (r: ImportReport) =>
    `${plural(r.valid, 'fila correcta', 'filas correctas')} de ${formatNumber(r.rows)}; ${plural(r.errors.length, 'error', 'errores')}: corrige el archivo y vuelve a elegirlo. No se importará nada mientras haya errores.`,
  exportReport: 'Exportar reporte',
  reportFileName: (fileName: string) => `errores-${fileName.replace(/\.[^.]+$/, '')}`,
  reportTable: 'Errores del archivo',
  noMatches: 'Ningún error coincide con los filtros',
  filter: 'Filtrar…',
  row: 'Fila',
  record: 'Registro',
  column: 'Columna',
  value: 'Valor',
  message: 'Problema',
  cancel: 'Cancelar',
  commit: (count: number) => `Importar ${plural(count, 'registro', 'registros')}`,
  done: 'Importación terminada',
  doneDetail: (r: ImportReport) => `${plural(r.created, 'registro nuevo', 'registros nuevos')}, ${plural(r.updated, 'actualizado', 'actualizados')}.`,
};
