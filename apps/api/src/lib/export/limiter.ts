/**
 * Exports are the heaviest requests (an XLSX of 100 000 rows keeps a core busy for seconds), so few
 * run at once: beyond `perUser` for one user or `global` in the process, the next one gets a 429
 * instead of slowing every other request down.
 */
export interface ExportLimits {
  perUser: number;
  global: number;
}

export const DEFAULT_EXPORT_LIMITS: ExportLimits = { perUser: 2, global: 3 };

export const EXPORT_LIMIT_MESSAGES = {
  perUser: 'Ya tienes exportaciones en curso. Espera a que terminen e inténtalo de nuevo.',
  global: 'Hay demasiadas exportaciones en curso. Inténtalo de nuevo en unos momentos.',
} as const;

export type ExportSlot = { ok: true; release: () => void } | { ok: false; reason: keyof typeof EXPORT_LIMIT_MESSAGES };

export interface ExportLimiter {
  acquire(userId: number): ExportSlot;
  /** Exports running now (all users). */
  running(): number;
}

export function createExportLimiter(limits: ExportLimits): ExportLimiter {
  const perUser = new Map<number, number>();
  let total = 0;
  return {
    acquire(userId) {
      const mine = perUser.get(userId) ?? 0;
      if (mine >= limits.perUser) return { ok: false, reason: 'perUser' };
      if (total >= limits.global) return { ok: false, reason: 'global' };
      perUser.set(userId, mine + 1);
      total += 1;
      let released = false;
      return {
        ok: true,
        release() {
          if (released) return;
          released = true;
          total -= 1;
          const left = (perUser.get(userId) ?? 1) - 1;
          if (left > 0) perUser.set(userId, left);
          else perUser.delete(userId);
        },
      };
    },
    running: () => total,
  };
}
