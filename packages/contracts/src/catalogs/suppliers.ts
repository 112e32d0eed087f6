import { rfcMoralOrFisicaSchema } from '../validators/mexican-ids';
import { defineCatalog } from './define';
import { f } from '../resources/fields';

/** Proveedores and the material categories they sell. */
export const suppliersCatalog = defineCatalog({
  key: 'suppliers',
  resource: '/suppliers',
  module: 'config_suppliers',
  route: 'suppliers',
  nouns: { singular: 'proveedor', plural: 'proveedores', article: 'el' },
  fields: {
    name: f.text({ example: 'Materiales y Aceros del Centro, S.A. de C.V.', label: 'Nombre', required: true, maxLength: 200, unique: true }),
    rfc: f.text({ example: 'MAC090615KT2', label: 'RFC', keyboard: 'upper', required: true, maxLength: 13, unique: true, schema: rfcMoralOrFisicaSchema }),
    contactName: f.text({ example: 'Jorge Ramírez Soto', label: 'Contacto', maxLength: 150 }),
    phone: f.phone({ label: 'Teléfono' }),
    email: f.email({ label: 'Correo electrónico' }),
    address: f.textarea({ example: 'Blvd. Bernardo Quintana 4100, Querétaro, Qro.', label: 'Dirección', maxLength: 500 }),
    materialCategoryIds: f.multiReference({
      label: 'Categorías de materiales',
      target: 'materialCategories',
      displayKey: 'materialCategories',
    }),
    active: f.active(),
  },
  label: { fields: ['name'] },
  defaultSort: 'name',
});
