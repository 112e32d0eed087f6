import type { ModuleName } from '../modules';
import type { RouteKey } from '../routes';
import { defineCatalog } from './define';
import { f } from '../resources/fields';
import type { Severity } from '../resources/options';

/*
 * The four status catalogues share one shape (docs/product.md "Status catalogues"): rows with a `code`
 * are the system rows the workflows depend on (renamable, recolourable, reorderable, never
 * deleted; the code itself is read-only), admins may add rows without code, exactly one is default.
 */

export interface StatusSeed {
  code: string;
  name: string;
  description: string;
  color: Severity;
  isDefault?: boolean;
}

function statusCatalog<const K extends 'registrationStatuses' | 'orderStatuses' | 'stampStatuses' | 'errorStatuses'>(def: {
  key: K;
  resource: `/${string}`;
  module: ModuleName;
  route: RouteKey;
  singular: string;
}) {
  return defineCatalog({
    key: def.key,
    resource: def.resource,
    module: def.module,
    route: def.route,
    nouns: { singular: def.singular, plural: def.singular, article: 'el' },
    fields: {
      name: f.text({ example: 'En revisión', label: 'Nombre', required: true, maxLength: 100, unique: true }),
      description: f.textarea({ label: 'Descripción', maxLength: 500 }),
      color: f.severity({ label: 'Color', default: 'secondary' }),
      sortOrder: f.number({ label: 'Orden', integer: true, min: 0, max: 9999, default: 0 }),
      isDefault: f.boolean({ label: 'Predeterminado', default: false }),
      code: f.text({ label: 'Código del sistema', readOnly: true, list: { shownByDefault: false } }),
      active: f.active(),
    },
    label: { fields: ['name'] },
    optionExtras: { color: 'color' },
    defaultSort: 'sortOrder,name',
    systemRows: { codeField: 'code' },
    singleDefault: { field: 'isDefault' },
  });
}

export const registrationStatusesCatalog = statusCatalog({
  key: 'registrationStatuses',
  resource: '/registration-statuses',
  module: 'config_status_register',
  route: 'registrationStatuses',
  singular: 'estatus de alta',
});

export const orderStatusesCatalog = statusCatalog({
  key: 'orderStatuses',
  resource: '/order-statuses',
  module: 'config_order_status',
  route: 'orderStatuses',
  singular: 'estatus de orden',
});

export const stampStatusesCatalog = statusCatalog({
  key: 'stampStatuses',
  resource: '/stamp-statuses',
  module: 'config_stamp_status',
  route: 'stampStatuses',
  singular: 'estatus de timbre',
});

export const errorStatusesCatalog = statusCatalog({
  key: 'errorStatuses',
  resource: '/error-statuses',
  module: 'config_error_status',
  route: 'errorStatuses',
  singular: 'estatus de error',
});

/** System rows seeded in every installation, in display order (sortOrder = (index + 1) × 10). */
export const STATUS_SEEDS = {
  orderStatuses: [
    { code: 'borrador', name: 'Borrador', description: 'Pedido en captura, aún no enviado', color: 'secondary', isDefault: true },
    { code: 'enviado', name: 'Enviado', description: 'Enviado a compras para autorización', color: 'info' },
    { code: 'autorizado', name: 'Autorizado', description: 'Autorizado para su compra', color: 'cyan' },
    { code: 'rechazado', name: 'Rechazado', description: 'Rechazado por compras, con motivo', color: 'danger' },
    { code: 'comprado', name: 'Comprado', description: 'Compra realizada al proveedor', color: 'purple' },
    { code: 'entregado_parcial', name: 'Entregado parcial', description: 'Se recibió parte del material', color: 'warn' },
    { code: 'entregado', name: 'Entregado', description: 'Se recibió todo el material', color: 'success' },
    { code: 'cancelado', name: 'Cancelado', description: 'Pedido cancelado, con motivo', color: 'contrast' },
  ],
  registrationStatuses: [
    { code: 'pendiente', name: 'Pendiente', description: 'Movimiento capturado, por tramitar ante el IMSS', color: 'secondary', isDefault: true },
    { code: 'en_tramite', name: 'En trámite', description: 'Movimiento enviado al IMSS', color: 'info' },
    { code: 'aplicado', name: 'Aplicado', description: 'Movimiento aplicado por el IMSS', color: 'success' },
    { code: 'rechazado', name: 'Rechazado', description: 'El IMSS rechazó el movimiento', color: 'danger' },
    { code: 'cancelado', name: 'Cancelado', description: 'Movimiento cancelado', color: 'contrast' },
  ],
  stampStatuses: [
    { code: 'pendiente', name: 'Pendiente', description: 'Recibo por timbrar', color: 'secondary', isDefault: true },
    { code: 'timbrado', name: 'Timbrado', description: 'CFDI timbrado por el PAC', color: 'success' },
    { code: 'error', name: 'Error', description: 'El PAC devolvió un error al timbrar', color: 'danger' },
    { code: 'cancelado', name: 'Cancelado', description: 'CFDI cancelado ante el SAT', color: 'contrast' },
  ],
  errorStatuses: [
    { code: 'sin_error', name: 'Sin error', description: 'El movimiento no tiene errores', color: 'success', isDefault: true },
    { code: 'nss_invalido', name: 'NSS inválido', description: 'El número de seguridad social no es válido', color: 'danger' },
    { code: 'curp_invalida', name: 'CURP inválida', description: 'La CURP no es válida o no coincide con RENAPO', color: 'danger' },
    { code: 'salario_fuera_de_rango', name: 'Salario fuera de rango', description: 'El SDI es menor al salario mínimo o mayor al tope', color: 'warn' },
    { code: 'fuera_de_plazo', name: 'Fuera de plazo', description: 'La fecha efectiva excede el plazo de 5 días hábiles', color: 'warn' },
    { code: 'documentacion_incompleta', name: 'Documentación incompleta', description: 'Falta documentación del trabajador', color: 'info' },
    { code: 'error_pac', name: 'Error del PAC', description: 'El proveedor de timbrado devolvió un error', color: 'danger' },
  ],
} as const satisfies Record<'orderStatuses' | 'registrationStatuses' | 'stampStatuses' | 'errorStatuses', readonly StatusSeed[]>;

/** Codes the workflows refer to. */
export type OrderStatusCode = (typeof STATUS_SEEDS.orderStatuses)[number]['code'];
export type RegistrationStatusCode = (typeof STATUS_SEEDS.registrationStatuses)[number]['code'];
export type StampStatusCode = (typeof STATUS_SEEDS.stampStatuses)[number]['code'];
export type ErrorStatusCode = (typeof STATUS_SEEDS.errorStatuses)[number]['code'];
