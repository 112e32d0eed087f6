/**
 * The files chosen in an order's form or workflow dialog (photos, a quote, a delivery note): kept with
 * its values under this key, never part of the request's body, uploaded once the order or its step is saved.
 */
export const FILES = 'documents';
export const filesOf = (values: Record<string, unknown>): File[] => (Array.isArray(values[FILES]) ? (values[FILES] as File[]) : []);
