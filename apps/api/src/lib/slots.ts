/*
 * How many of something each user holds at once (exports running, live streams open, uploads in
 * flight), and in the whole process: a slot is acquired when it starts and released when it ends;
 * one beyond the bound is refused (the caller answers 429) instead of letting one user hold the
 * server. Per process: several API processes each count their own.
 */

export interface SlotLimits {
  perUser: number;
  /** The whole process; unbounded when absent. */
  global?: number;
}

/** A held slot's `release` may be called any number of times: only the first gives it back. */
export type Slot = { ok: true; release: () => void } | { ok: false; reason: 'perUser' | 'global' };

export interface Slots {
  acquire(userId: number): Slot;
  /** Slots held now (all users). */
  running(): number;
}

export function createSlots(limits: SlotLimits): Slots {
  const perUser = new Map<number, number>();
  let total = 0;
  return {
    acquire(userId) {
      const mine = perUser.get(userId) ?? 0;
      if (mine >= limits.perUser) return { ok: false, reason: 'perUser' };
      if (limits.global !== undefined && total >= limits.global) return { ok: false, reason: 'global' };
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
