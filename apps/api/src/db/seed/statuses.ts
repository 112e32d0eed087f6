import type { StatusColor } from '../schema';

export interface StatusSeed {
  code: string;
  name: string;
  description: string;
  color: StatusColor;
  isDefault?: true;
}

/** The system rows of the four status catalogues (PRODUCT.md); workflows find them by `code`. */
export const ORDER_STATUS_SEED: readonly StatusSeed[] = [
  { code: 'borrador', name: 'Borrador', description: 'Pedido en captura, aún no enviado', color: 'secondary', isDefault: true },
  { code: 'enviado', name: 'Enviado', description: 'Enviado a compras para autorización', color: 'info' },
  { code: 'autorizado', name: 'Autorizado', description: 'Autorizado para su compra', color: 'success' },
  { code: 'rechazado', name: 'Rechazado', description: 'Rechazado por compras, con motivo', color: 'danger' },
  { code: 'comprado', name: 'Comprado', description: 'Compra realizada al proveedor', color: 'contrast' },
  { code: 'entregado_parcial', name: 'Entregado parcial', description: 'Se recibió parte del material', color: 'warn' },
  { code: 'entregado', name: 'Entregado', description: 'Se recibió todo el material', color: 'success' },
  { code: 'cancelado', name: 'Cancelado', description: 'Pedido cancelado, con motivo', color: 'danger' },
];

export const REGISTRATION_STATUS_SEED: readonly StatusSeed[] = [
  { code: 'pendiente', name: 'Pendiente', description: 'Movimiento capturado, por tramitar ante el IMSS', color: 'secondary', isDefault: true },
  { code: 'en_tramite', name: 'En trámite', description: 'Movimiento enviado al IMSS', color: 'info' },
  { code: 'aplicado', name: 'Aplicado', description: 'Movimiento aplicado por el IMSS', color: 'success' },
  { code: 'rechazado', name: 'Rechazado', description: 'El IMSS rechazó el movimiento', color: 'danger' },
  { code: 'cancelado', name: 'Cancelado', description: 'Movimiento cancelado', color: 'contrast' },
];

export const STAMP_STATUS_SEED: readonly StatusSeed[] = [
  { code: 'pendiente', name: 'Pendiente', description: 'Recibo por timbrar', color: 'secondary', isDefault: true },
  { code: 'timbrado', name: 'Timbrado', description: 'CFDI timbrado por el PAC', color: 'success' },
  { code: 'error', name: 'Error', description: 'El PAC devolvió un error al timbrar', color: 'danger' },
  { code: 'cancelado', name: 'Cancelado', description: 'CFDI cancelado ante el SAT', color: 'contrast' },
];

export const ERROR_STATUS_SEED: readonly StatusSeed[] = [
  { code: 'sin_error', name: 'Sin error', description: 'El movimiento no tiene errores', color: 'success', isDefault: true },
  { code: 'nss_invalido', name: 'NSS inválido', description: 'El número de seguridad social no es válido', color: 'danger' },
  { code: 'curp_invalida', name: 'CURP inválida', description: 'La CURP no es válida o no coincide con RENAPO', color: 'danger' },
  { code: 'salario_fuera_de_rango', name: 'Salario fuera de rango', description: 'El SDI es menor al salario mínimo o mayor al tope', color: 'warn' },
  { code: 'fuera_de_plazo', name: 'Fuera de plazo', description: 'La fecha efectiva excede el plazo de 5 días hábiles', color: 'warn' },
  { code: 'documentacion_incompleta', name: 'Documentación incompleta', description: 'Falta documentación del trabajador', color: 'info' },
  { code: 'error_pac', name: 'Error del PAC', description: 'El proveedor de timbrado devolvió un error', color: 'danger' },
];
