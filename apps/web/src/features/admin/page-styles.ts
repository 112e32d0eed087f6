/** The Configuración pages of module admin (Respaldos, Tareas en segundo plano): one look for their sections and tables. */
export const adminStyles = {
  cell: 'px-3 py-2 align-top',
  head: 'whitespace-nowrap px-3 py-2 font-semibold',
  section: 'flex flex-col gap-3 rounded-lg border border-solid border-slate-200 bg-white p-4',
} as const;
