import { registryNavigation } from '@goc/contracts';
import { defineWebModule } from '../../lib/modules';

export default defineWebModule(registryNavigation, {
  registryOffice: () => import('./office-movements-page'),
  registryOfficeCreate: () => import('./office-movement-create-page'),
  registryHistory: () => import('./weekly-cuts-page'),
  registryCut: () => import('./weekly-cut-detail-page'),
  registryWorks: () => import('./work-movements-page'),
});
