import { notificationsNavigation } from '@goc/contracts';
import { defineWebModule } from '../../lib/modules';

export default defineWebModule(notificationsNavigation, { notificationPreferences: () => import('./preferences-page') });
