import { employeeMovementDefaultsSchema, registryCutsResource, registryMovementsResource } from '@goc/contracts';
import { registryMovements } from '../../db/schema';
import { defineModule } from '../../lib/modules';
import { movementAttachable } from './attachable';
import { cutsBinding } from './cuts';
import { REGISTRY_WIDGET } from './dashboard';
import { movementNotifications } from './notifications';
import { openCutReminder } from './reminder';
import routes from './routes';
import { wageParametersBinding } from './wages';

/** Altas y bajas: IMSS movements, weekly cuts with their IDSE files, wage parameters. */
export default defineModule({
  name: 'registry',
  resources: [{ declaration: registryMovementsResource, table: registryMovements }, cutsBinding, wageParametersBinding],
  needs: ['employees'],
  routes,
  schemas: { EmployeeMovementDefaults: employeeMovementDefaultsSchema },
  notifications: [movementNotifications],
  reminders: [openCutReminder],
  attachables: [movementAttachable],
  widgets: [REGISTRY_WIDGET],
  // Their status routes write transitions without a declared workflow.
  statusRoutes: [registryMovementsResource.key, registryCutsResource.key],
});
