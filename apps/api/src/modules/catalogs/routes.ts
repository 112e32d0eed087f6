import type { FastifyInstance } from 'fastify';
import { registerCatalogRoutes } from '../../lib/crud/routes';
import { CATALOG_BINDINGS } from './bindings';

/** /companies, /works, … /error-statuses: the fifteen configuration catalogues on the one list/CRUD mechanism. */
export default async function catalogRoutes(app: FastifyInstance): Promise<void> {
  for (const binding of CATALOG_BINDINGS) registerCatalogRoutes(app, binding);
}
