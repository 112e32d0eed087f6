import { employeesCatalog, suppliersCatalog, worksCatalog } from '@goc/contracts';
import { editableAttachable } from '../../lib/attachable';
import { catalogResourceBinding } from '../../lib/crud/routes';
import { createResourceService } from '../../lib/crud/service';
import { defineModule } from '../../lib/modules';
import { employeesBinding } from './bindings';
import { createEmployeesService, type EmployeesService } from './employees';
import catalogRoutes from './routes';
import { CATALOG_TABLES } from './tables';

declare module '../../lib/modules' {
  interface ModuleServices {
    /** Hiring and changing employees with the catalogue's checks (the registry's movements). */
    employees: EmployeesService;
  }
}

/** The fourteen configuration catalogues (roles and users are modules of their own). */
export default defineModule({
  name: 'catalogs',
  resources: CATALOG_TABLES,
  provides: {
    employees: ({ app }) => createEmployeesService(createResourceService(app.resourceTables, catalogResourceBinding(app.resourceTables, employeesBinding))),
  },
  routes: catalogRoutes,
  attachables: [
    editableAttachable('employees', employeesCatalog.key),
    editableAttachable('works', worksCatalog.key),
    editableAttachable('suppliers', suppliersCatalog.key),
  ],
});
