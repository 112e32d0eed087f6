import { defineCatalog } from './define';
import { f } from '../resources/fields';

/** Materials that orders ask for. */
export const materialsCatalog = defineCatalog({
  key: 'materials',
  resource: '/materials',
  module: 'config_materials',
  route: 'materials',
  nouns: { singular: 'material', plural: 'materiales', article: 'el' },
  fields: {
    code: f.text({ example: 'MAT-9001', label: 'Clave', required: true, maxLength: 40, unique: true }),
    name: f.text({ example: 'Sellador acrílico para concreto, cubeta 19 l', label: 'Nombre', required: true, maxLength: 200, unique: true }),
    description: f.textarea({ example: 'Rinde 40 m² por cubeta a una mano', label: 'Descripción', maxLength: 1000 }),
    materialCategoryId: f.reference({
      label: 'Categoría de materiales',
      required: true,
      target: 'materialCategories',
      displayKey: 'materialCategory',
    }),
    unitId: f.reference({ label: 'Unidad', required: true, target: 'units', displayKey: 'unit' }),
    referencePrice: f.money({ label: 'Precio de referencia' }),
    active: f.active(),
  },
  label: { fields: ['code', 'name'], separator: ' · ' },
  // Order lines show the unit of the picked material before the server copies it, and start its price from the reference price.
  optionExtras: { detail: 'unitId', amount: 'referencePrice' },
  defaultSort: 'name',
});
