/** A schedule's slots every `ms` (aligned on the epoch: every process computes the same ones). */
export const every =
  (ms: number) =>
  (after: Date): Date =>
    new Date((Math.floor(after.getTime() / ms) + 1) * ms);
