/** Texts of the Documentos panel. */
export const attachmentsTexts = {
  title: 'Documentos',
  drop: 'Arrastra archivos aquí o',
  choose: 'Elegir archivos',
  takePhoto: 'Tomar foto',
  accepted: (maxMb: number) => `PDF, imágenes, Excel, Word, XML, texto o CSV; hasta ${maxMb} MB cada uno`,
  empty: 'Sin documentos',
  loadFailed: 'No se pudieron cargar los documentos',
  uploading: (name: string) => `Subiendo ${name}`,
  uploadFailed: (name: string) => `No se pudo subir «${name}»`,
  uploaded: (name: string) => `Se adjuntó «${name}»`,
  view: 'Ver',
  download: 'Descargar',
  delete: 'Eliminar',
  deleteHeader: 'Eliminar documento',
  deleteConfirm: (name: string) => `¿Eliminar «${name}»? No se puede deshacer.`,
  deleted: (name: string) => `Se eliminó «${name}»`,
  deleteFailed: 'No se pudo eliminar el documento',
  downloadFailed: 'No se pudo descargar el documento',
  noPreview: 'Sin vista previa',
  by: (name: string) => `por ${name}`,
  count: (n: number) => (n === 1 ? '1 documento' : `${n} documentos`),
  countHeader: 'Documentos',
  dismiss: 'Quitar aviso',
  viewerFailed: 'No se pudo abrir el documento',
} as const;

export { formatSize } from '../../lib/format';
