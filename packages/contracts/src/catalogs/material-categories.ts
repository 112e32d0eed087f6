import { defineCatalog } from './define';
import { f } from '../resources/fields';

/** Groups of materials; suppliers declare which ones they sell. */
export const materialCategoriesCatalog = defineCatalog({
  key: 'materialCategories',
  resource: '/material-categories',
  module: 'config_material_categories',
  route: 'materialCategories',
  nouns: { singular: 'categoría de materiales', plural: 'categorías de materiales', article: 'la' },
  fields: {
    name: f.text({ example: 'Selladores', label: 'Nombre', required: true, maxLength: 100, unique: true }),
    description: f.textarea({ label: 'Descripción', maxLength: 500, list: { shownByDefault: true } }),
    active: f.active(),
  },
  label: { fields: ['name'] },
  defaultSort: 'name',
});
