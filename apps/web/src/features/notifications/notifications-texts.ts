/** What the bell, its panel and the preferences page say. */
export const notificationTexts = {
  bell: 'Notificaciones',
  bellWithUnread: (n: number) => `Notificaciones: ${n} sin leer`,
  empty: 'No tienes notificaciones',
  markAll: 'Marcar todas como leídas',
  unread: 'Sin leer',
  preferences: 'Preferencias',
  loadFailed: 'No se pudieron cargar las notificaciones',
  type: 'Tipo',
  inApp: 'En la aplicación',
  email: 'Por correo',
  inAppAlways: 'Siempre se muestran en la campana',
  emailNeedsAddress: 'Los correos se envían a la dirección registrada en tu usuario.',
  emailOff: 'El envío de correos no está configurado en el servidor: por ahora las notificaciones solo llegan a la campana. Pide al administrador que configure el correo saliente (GOC_SMTP_URL).',
  emailOffShort: 'Correo no configurado en el servidor',
  saved: 'Preferencias guardadas',
  saveFailed: 'No se pudieron guardar las preferencias',
} as const;
