/** What Configuración → Tareas en segundo plano says. */
export const jobTexts = {
  intro:
    'Lo que GOC hace después de responder o a su hora: avisos, correos, envíos a otros sistemas, respaldos diarios. Una tarea que falla se reintenta sola; tras sus intentos queda fallida hasta que alguien la reintente o la descarte.',
  queues: 'Colas',
  queue: 'Cola',
  pending: 'Pendientes',
  oldest: 'La más antigua',
  dead: 'Fallidas',
  none: '—',
  failed: 'Tareas fallidas',
  noneFailed: 'No hay tareas fallidas',
  loadFailed: 'No se pudieron cargar las tareas',
  key: 'Registro',
  attempts: 'Intentos',
  deadAt: 'Falló',
  error: 'Último error',
  actions: 'Acciones',
  retry: 'Reintentar',
  retryOf: (id: number) => `Reintentar la tarea ${id}`,
  retryHeader: 'Reintentar la tarea',
  retryQuestion: (queue: string) => `La tarea de «${queue}» vuelve a la cola con sus intentos desde cero.`,
  retried: 'Tarea de nuevo en la cola',
  discard: 'Descartar',
  discardOf: (id: number) => `Descartar la tarea ${id}`,
  discardHeader: 'Descartar la tarea',
  discardQuestion: (queue: string) => `La tarea de «${queue}» se borra sin ejecutarse. No se puede deshacer.`,
  discarded: 'Tarea descartada',
  actionFailed: 'No se pudo completar la acción',
  cancel: 'Cancelar',
  age: (seconds: number) => {
    if (seconds < 60) return `hace ${Math.max(0, Math.floor(seconds))} s`;
    if (seconds < 3600) return `hace ${Math.floor(seconds / 60)} min`;
    if (seconds < 86_400) return `hace ${Math.floor(seconds / 3600)} h`;
    return `hace ${Math.floor(seconds / 86_400)} d`;
  },
} as const;
