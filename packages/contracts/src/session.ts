/* No zod here: the SPA's first screen reads these (apps/web README, Bundle). */
/**
 * Session renewal (docs/spec.md "Session renewal", an addition to SPEC §4): a session without
 * keep_session ends after this many minutes without the person's activity unless GOC_IDLE_MINUTES
 * says otherwise; the access token carries the server's value in the claim IDLE_MINUTES_CLAIM.
 */
export const DEFAULT_IDLE_MINUTES = 60;
export const IDLE_MINUTES_RANGE = { min: 5, max: 1440 } as const;
export const IDLE_MINUTES_CLAIM = 'idle';
