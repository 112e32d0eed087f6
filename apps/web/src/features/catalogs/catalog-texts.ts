import type { RouteKey } from '@goc/contracts';

export interface CatalogText {
  icon: string;
  empty: string;
  description: string;
}

/** What each configuration catalogue holds, for its empty state. */
export const CATALOG_TEXTS: Partial<Record<RouteKey, CatalogText>> = {
  categories: {
    icon: 'pi pi-tags',
    empty: 'Aún no hay categorías que mostrar',
    description: 'Aquí se administran las líneas de negocio del grupo (Vivienda, Infraestructura, Industrial…) con su icono y color; agrupan las obras en Negocios.',
  },
  materialCategories: {
    icon: 'pi pi-th-large',
    empty: 'Aún no hay categorías de materiales que mostrar',
    description: 'Aquí se agrupan los materiales (acero, concreto, eléctrico…) para los pedidos y para los proveedores que los surten.',
  },
  employees: {
    icon: 'pi pi-users',
    empty: 'Aún no hay empleados que mostrar',
    description: 'Aquí estará el padrón del personal: número de empleado, CURP, RFC, NSS, puesto, empresa, obra asignada, salario diario y SDI.',
  },
  companies: {
    icon: 'pi pi-building-columns',
    empty: 'Aún no hay empresas que mostrar',
    description: 'Aquí se registran las empresas del grupo con su razón social, RFC, registro patronal ante el IMSS, domicilio y teléfono.',
  },
  registrationStatuses: {
    icon: 'pi pi-user-plus',
    empty: 'Aún no hay estatus de alta que mostrar',
    description: 'Aquí se configuran los estatus de un movimiento ante el IMSS (pendiente, en trámite, aplicado, rechazado, cancelado) con su color y orden.',
  },
  orderStatuses: {
    icon: 'pi pi-inbox',
    empty: 'Aún no hay estatus de orden que mostrar',
    description: 'Aquí se configuran los estatus del flujo de pedidos (borrador, enviado, autorizado, comprado, entregado…) con su color y orden.',
  },
  stampStatuses: {
    icon: 'pi pi-verified',
    empty: 'Aún no hay estatus de timbre que mostrar',
    description: 'Aquí se configuran los estatus del timbrado (pendiente, timbrado, error, cancelado) con su color y orden.',
  },
  errorStatuses: {
    icon: 'pi pi-exclamation-triangle',
    empty: 'Aún no hay estatus de error que mostrar',
    description: 'Aquí se configuran los errores de un movimiento (NSS inválido, CURP inválida, salario fuera de rango, fuera de plazo…) con su color y orden.',
  },
  icons: {
    icon: 'pi pi-star',
    empty: 'Aún no hay iconos que mostrar',
    description: 'Aquí se eligen los iconos que identifican a cada categoría en Negocios y en el menú.',
  },
  materials: {
    icon: 'pi pi-box',
    empty: 'Aún no hay materiales que mostrar',
    description: 'Aquí estará el catálogo de materiales con su clave, categoría, unidad y precio de referencia en MXN.',
  },
  workCatalog: {
    icon: 'pi pi-map-marker',
    empty: 'Aún no hay obras que mostrar',
    description: 'Aquí se dan de alta las obras: clave, empresa, categoría, ubicación, fechas, presupuesto, registro SIROC y residente.',
  },
  permissions: {
    icon: 'pi pi-lock',
    empty: 'Aún no hay roles que mostrar',
    description: 'Aquí se define cada rol y, módulo por módulo, si puede ver, crear, editar o eliminar.',
  },
  suppliers: {
    icon: 'pi pi-truck',
    empty: 'Aún no hay proveedores que mostrar',
    description: 'Aquí se registran los proveedores con su RFC, contacto, teléfono, correo y las categorías de materiales que surten.',
  },
  units: {
    icon: 'pi pi-calculator',
    empty: 'Aún no hay unidades que mostrar',
    description: 'Aquí se definen las unidades de medida de los materiales (m3, kg, pza…) con su abreviatura.',
  },
  subcategories: {
    icon: 'pi pi-sitemap',
    empty: 'Aún no hay subcategorías que mostrar',
    description: 'Aquí se dividen las categorías en subcategorías para clasificar mejor las obras.',
  },
};
