/** The session's GETs: shared by the shell route's loader (in the entry) and their fetchers (with the HTTP client). */
export const CURRENT_USER_PATH = '/auth/me';
export const PERMISSIONS_PATH = '/permissions';
