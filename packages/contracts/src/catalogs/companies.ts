import { z } from 'zod';
import { employerRegistrationSchema, rfcMoralOrFisicaSchema } from '../validators/mexican-ids';
import { defineCatalog } from './define';
import { f } from '../resources/fields';

/** Empresas of the group. */
export const companiesCatalog = defineCatalog({
  key: 'companies',
  resource: '/companies',
  module: 'config_companies',
  route: 'companies',
  nouns: { singular: 'empresa', plural: 'empresas', article: 'la' },
  fields: {
    name: f.text({ example: 'Constructora Valle Alto, S.A. de C.V.', label: 'Razón social', required: true, maxLength: 200, unique: true }),
    rfc: f.text({ example: 'CVA150312AB1', label: 'RFC', keyboard: 'upper', required: true, maxLength: 13, unique: true, schema: rfcMoralOrFisicaSchema }),
    employerRegistration: f.text({
      label: 'Registro patronal',
      example: 'B8512345109',
      maxLength: 14,
      schema: employerRegistrationSchema,
      hint: 'Una letra y 10 dígitos; los guiones se quitan al guardar',
    }),
    imssGuide: f.text({
      label: 'Guía IMSS',
      example: '14021',
      maxLength: 5,
      schema: z.string().regex(/^\d{5}$/, 'La guía IMSS son 5 dígitos'),
      hint: 'La guía de la subdelegación que piden los archivos IDSE',
      list: { shownByDefault: false },
    }),
    approvalLimit: f.money({
      label: 'Límite de aprobación',
      hint: 'Los pedidos de sus obras con un total igual o mayor requieren aprobación de Dirección; vacío: sin límite',
      list: { shownByDefault: false },
    }),
    address: f.textarea({ example: 'Av. Constituyentes 1200, Col. Centro, Querétaro, Qro.', label: 'Dirección', maxLength: 500 }),
    phone: f.phone({ label: 'Teléfono' }),
    active: f.active(),
  },
  label: { fields: ['name'] },
  defaultSort: 'name',
});
