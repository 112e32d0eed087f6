import type { CatalogKey } from '../catalogs/keys';

/**
 * The business resources (records of the daily work, not configuration) a field elsewhere may point
 * to (`f.reference({ target })`, looked up by `getResource`). Kept apart from their declarations, like
 * CATALOG_KEYS, so a field can name the resource it points to without an import cycle. A resource no
 * reference points to is not listed: its module's declarations are enough (the store's existencias).
 */
export const BUSINESS_RESOURCE_KEYS = ['orders', 'projects', 'registryMovements', 'registryCuts'] as const;
export type BusinessResourceKey = (typeof BUSINESS_RESOURCE_KEYS)[number];

/** Anything a reference can point at: a catalogue or a business resource. */
export type ResourceKey = CatalogKey | BusinessResourceKey;
