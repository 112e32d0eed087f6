import type { FastifyInstance } from 'fastify';
import { registerCatalogRoutes, registerServiceRoutes } from '../../lib/crud/routes';
import type { ModuleServices } from '../../lib/modules';
import { CATALOG_BINDINGS, employeesBinding } from './bindings';

/**
 * /companies, /works, … /error-statuses: the fourteen configuration catalogues on the one list/CRUD
 * mechanism; /employees over the service the module also offers to the registry.
 */
export default async function catalogRoutes(app: FastifyInstance, { employees }: Pick<ModuleServices, 'employees'>): Promise<void> {
  for (const binding of CATALOG_BINDINGS) {
    if (binding === employeesBinding) registerServiceRoutes(app, employees.resource);
    else registerCatalogRoutes(app, binding);
  }
}
