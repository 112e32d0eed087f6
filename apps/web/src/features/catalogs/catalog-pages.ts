import type { ComponentType } from 'react';
import { CATALOGS, type CatalogKey, type RouteKey } from '@goc/contracts';
import type { ListResource, ResourceRow } from '../../components/list/resource-types';
import { EmployeeDetailsDialog } from './employee-details-dialog';

/** A catalogue page: its contracts declaration (fields, rules, columns, module) and what the page adds. */
export interface CatalogPageDeclaration {
  catalog: ListResource & { key: CatalogKey };
  /** A read-only details dialog opened from each row. */
  details?: { label: string; icon: string; Dialog: ComponentType<{ row: ResourceRow; onHide: () => void }> };
}

/**
 * The configuration catalogues of SPEC §2 by route. Everything a page shows comes from its
 * declaration in packages/contracts; Permisos (roles) has its own feature for the matrix editor.
 */
export const CATALOG_PAGES: Partial<Record<RouteKey, CatalogPageDeclaration>> = {
  categories: { catalog: CATALOGS.categories },
  materialCategories: { catalog: CATALOGS.materialCategories },
  employees: {
    catalog: CATALOGS.employees,
    details: { label: 'Ver detalles', icon: 'pi pi-id-card', Dialog: EmployeeDetailsDialog },
  },
  companies: { catalog: CATALOGS.companies },
  registrationStatuses: { catalog: CATALOGS.registrationStatuses },
  orderStatuses: { catalog: CATALOGS.orderStatuses },
  stampStatuses: { catalog: CATALOGS.stampStatuses },
  errorStatuses: { catalog: CATALOGS.errorStatuses },
  icons: { catalog: CATALOGS.icons },
  materials: { catalog: CATALOGS.materials },
  workCatalog: { catalog: CATALOGS.works },
  suppliers: { catalog: CATALOGS.suppliers },
  units: { catalog: CATALOGS.units },
  subcategories: { catalog: CATALOGS.subcategories },
};
