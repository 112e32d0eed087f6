import { eq } from 'drizzle-orm';
import { registryMovements } from '../../db/schema';
import type { ResourceBinding } from '../../lib/crud/types';

/**
 * The movements each view of Altas y bajas shows (docs/registry.md): the office's, the works', and
 * every one for the history. Said once for the movements' routes and the dashboard's counts.
 */
export const MOVEMENT_VIEWS = {
  oficina: () => eq(registryMovements.scope, 'oficina'),
  obra: () => eq(registryMovements.scope, 'obra'),
  historico: () => undefined,
} as const satisfies NonNullable<ResourceBinding['views']>;
