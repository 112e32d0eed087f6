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
    name: f.text({ label: 'Nombre', required: true, maxLength: 200, unique: true }),
    rfc: f.text({ label: 'RFC', keyboard: 'upper', required: true, maxLength: 13, unique: true, schema: rfcMoralOrFisicaSchema }),
    contactName: f.text({ label: 'Contacto', maxLength: 150 }),
    phone: f.phone({ label: 'Teléfono' }),
    email: f.email({ label: 'Correo electrónico' }),
    address: f.textarea({ label: 'Dirección', maxLength: 500 }),
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
