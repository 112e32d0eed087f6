import { employeeMovementDefaultsSchema, registryCutsResource, registryMovementsResource } from '@goc/contracts';
import { registryMovements } from '../../db/schema';
import { defineModule } from '../../lib/modules';
import { movementAttachable } from './attachable';
import { cutsBinding } from './cuts';
import { movementNotifications } from './notifications';
import routes from './routes';
import { MOVEMENT_VIEWS } from './views';
import { wageParametersBinding } from './wages';

export interface RegistryQueries {
  /** The movements each view of Altas y bajas shows. */
  movementViews: typeof MOVEMENT_VIEWS;
}

declare module '../../lib/modules' {
  interface ModuleServices {
    registry: RegistryQueries;
  }
}

/** Altas y bajas: IMSS movements, weekly cuts with their IDSE files, wage parameters. */
export default defineModule({
  name: 'registry',
  resources: [{ declaration: registryMovementsResource, table: registryMovements }, cutsBinding, wageParametersBinding],
  needs: ['employees'],
  provides: { registry: () => ({ movementViews: MOVEMENT_VIEWS }) },
  routes,
  schemas: { EmployeeMovementDefaults: employeeMovementDefaultsSchema },
  notifications: [movementNotifications],
  attachables: [movementAttachable],
  // Their status routes write transitions without a declared workflow.
  statusRoutes: [registryMovementsResource.key, registryCutsResource.key],
});
