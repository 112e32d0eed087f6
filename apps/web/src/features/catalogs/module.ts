import { catalogsNavigation } from '@goc/contracts';
import { defineWebModule } from '../../lib/modules';

/** Every catalogue route shares one page, driven by the catalogue's declaration. */
const catalogPage = () => import('./catalog-page');

export default defineWebModule(catalogsNavigation, {
  categories: catalogPage,
  materialCategories: catalogPage,
  employees: catalogPage,
  companies: catalogPage,
  registrationStatuses: catalogPage,
  orderStatuses: catalogPage,
  stampStatuses: catalogPage,
  errorStatuses: catalogPage,
  icons: catalogPage,
  materials: catalogPage,
  workCatalog: catalogPage,
  suppliers: catalogPage,
  units: catalogPage,
  subcategories: catalogPage,
});
