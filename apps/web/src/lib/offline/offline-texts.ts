import { formatTimeAgo } from '@goc/contracts';

/* What the offline parts of GOC say (docs/offline.md). */

const changes = (n: number) => (n === 1 ? '1 cambio' : `${n} cambios`);

export const offlineTexts = {
  unsent: (n: number) => `${changes(n)} sin enviar`,
  offline: 'Sin conexión',
  /** How fresh the site data is: «Datos de hace 2 h». */
  dataAge: (syncedAt: number, now: number = Date.now()) => `Datos de ${formatTimeAgo(syncedAt, now)}`,
  dialogTitle: 'Cambios sin enviar',
  dialogIntro: 'Lo que hiciste sin conexión se guarda en este teléfono y se envía en orden en cuanto vuelve la señal.',
  empty: 'No hay cambios pendientes.',
  sendNow: 'Enviar ahora',
  clearSent: 'Quitar los enviados',
  retry: 'Reintentar',
  correct: 'Corregir',
  correctTitle: 'Corregir pedido sin enviar',
  corrected: 'Pedido corregido: se enviará de nuevo con tus cambios',
  correctEditTitle: (folio: string) => `Corregir cambios sin enviar de ${folio}`,
  correctedEdit: 'Cambios corregidos: se enviarán de nuevo',
  correctGone: 'Ese cambio ya no está pendiente en este teléfono',
  /** A correction's note: the photos and PDFs chosen with the order stay queued with it. */
  correctFiles: (n: number) => (n === 1 ? 'El archivo que adjuntaste se enviará con el pedido.' : `Los ${n} archivos que adjuntaste se enviarán con el pedido.`),
  sendForAuthorisation: 'Enviar a autorización',
  discard: 'Descartar',
  discardConfirm: '¿Descartar este cambio? No se enviará y no se puede recuperar.',
  saveMineAsDraft: 'Guardar lo mío como nuevo borrador',
  discardMine: 'Descartar lo mío',
  openCurrent: 'Abrir el pedido actual',
  mine: 'Lo mío (sin enviar)',
  theirs: 'En el servidor',
  states: { pending: 'Pendiente', sent: 'Enviado', failed: 'No se pudo enviar', conflict: 'Conflicto' },
  waitingFor: 'Espera a que se envíe el pedido del que depende',
  conflictsTitle: 'Conflictos',
  queuedAt: (when: string) => `Hecho el ${when}`,
  queued: 'Sin conexión: se guardó en este teléfono y se enviará cuando vuelva la señal',
  logoutWithUnsent: (n: number) => `Tienes ${changes(n)} sin enviar: si cierras sesión se perderán`,
  onlineOnly: 'Requiere conexión: no se puede hacer sin señal',
  /** Over Mis Pedidos answered from the phone: which orders the search and filters look at. */
  keptOrders: (days: number) => `Sin conexión: se buscan y filtran tus pedidos de los últimos ${days} días guardados en este teléfono.`,
  /** After an action's name in a menu or for a screen reader while offline. */
  needsConnection: 'requiere conexión',
  summaries: {
    create: (folioOrWork: string) => `Pedido nuevo (${folioOrWork})`,
    update: (folio: string) => `Cambios al pedido ${folio}`,
    send: (order: string) => `Enviar a autorización: ${order}`,
    attach: (name: string, folio: string) => `Adjuntar «${name}» a ${folio}`,
  },
} as const;
