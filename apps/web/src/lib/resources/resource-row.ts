/** A row as the API returns it: every entity has an id and a version (optimistic concurrency). */
export type ResourceRow = Record<string, unknown> & { id: number; version: number };
