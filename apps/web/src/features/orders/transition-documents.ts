/** The documents chosen in the dialog: not part of the transition's body (its schema drops the key), uploaded after it. */
export const FILES = 'documents';
export const filesOf = (values: Record<string, unknown>): File[] => (Array.isArray(values[FILES]) ? (values[FILES] as File[]) : []);
