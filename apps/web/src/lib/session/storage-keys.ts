/** localStorage keys of SPEC §3, exactly as named there (e2e tests and older sessions rely on them). */
export const STORAGE_KEYS = {
  token: 'token',
  refreshToken: 'refresh_token',
  user: 'user',
  permissions: 'permissions',
  keepSession: 'keep_session',
} as const;

/** keep_session holds this string when the user ticked "Mantener sesión iniciada"; anything else means no. */
export const KEEP_SESSION_ON = 'true';
