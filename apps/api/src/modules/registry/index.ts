import { employeeMovementDefaultsSchema, registryCutsResource, registryMovementsResource } from '@goc/contracts';
import { registryMovements } from '../../db/schema';
import { defineModule } from '../../lib/modules';
import { filtersBy, picksFrom } from '../../lib/option-readers';
import { movementAttachable } from './attachable';
import { cutsBinding } from './cuts';
import { REGISTRY_WIDGET } from './dashboard';
import { movementNotifications } from './notifications';
import { openCutReminder } from './reminder';
import routes from './routes';
import { wageParametersBinding } from './wages';

/** The catalogues of a movement's three statuses (alta, timbre, error). */
const MOVEMENT_STATUSES = ['registrationStatuses', 'stampStatuses', 'errorStatuses'] as const;

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
  // A movement carries the three registry statuses (its pages filter by them), its company, work and employee.
  options: [
    picksFrom('registry_office', 'companies', 'employees', ...MOVEMENT_STATUSES),
    filtersBy('registry_office', ...MOVEMENT_STATUSES),
    picksFrom('registry_works', 'companies', 'works', 'employees', ...MOVEMENT_STATUSES),
    filtersBy('registry_works', 'works', ...MOVEMENT_STATUSES),
    picksFrom('registry_history', ...MOVEMENT_STATUSES),
    filtersBy('registry_history', 'works', ...MOVEMENT_STATUSES),
  ],
});
