/** Spanish texts of the session's renewal and end (docs/spec.md "Session renewal"). */
export const sessionTexts = {
  idleHeader: 'Sesión inactiva',
  /** 'Tu sesión terminará en 1:59 por inactividad'. */
  idleWarning: (left: string) => `Tu sesión terminará en ${left} por inactividad`,
  idleHint: 'Si sigues aquí, tu sesión continúa y no pierdes nada de lo que estés capturando.',
  stayConnected: 'Seguir conectado',
} as const;

/** m:ss of a remaining time in ms, rounded up: 120 000 → '2:00', 59 001 → '1:00', 0 → '0:00'. */
export function minutesSeconds(ms: number): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}
