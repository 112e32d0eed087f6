import type { ComponentType } from 'react';
import { CATALOGS, type AttachableResource, type CatalogKey, type RouteKey } from '@goc/contracts';
import type { ListResource, ResourceRow } from '../../components/list/resource-types';
import { EmployeeDetailsDialog } from './employee-details-dialog';

/** A catalogue page: its contracts declaration (fields, rules, columns, module) and what the page adds. */
export interface CatalogPageDeclaration {
  catalog: ListResource & { key: CatalogKey };
  /** A read-only details dialog opened from each row. */
  details?: { label: string; icon: string; Dialog: ComponentType<{ row: ResourceRow; onHide: () => void }> };
  /** Rows take documents (the paperclip count and the «Documentos» action). */
  attachments?: AttachableResource;
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
    attachments: 'employees',
  },
  companies: { catalog: CATALOGS.companies },
  registrationStatuses: { catalog: CATALOGS.registrationStatuses },
  orderStatuses: { catalog: CATALOGS.orderStatuses },
  stampStatuses: { catalog: CATALOGS.stampStatuses },
  errorStatuses: { catalog: CATALOGS.errorStatuses },
  icons: { catalog: CATALOGS.icons },
  materials: { catalog: CATALOGS.materials },
  workCatalog: { catalog: CATALOGS.works, attachments: 'works' },
  suppliers: { catalog: CATALOGS.suppliers, attachments: 'suppliers' },
  units: { catalog: CATALOGS.units },
  subcategories: { catalog: CATALOGS.subcategories },
};
