import { defineCatalog } from './define';
import { f } from '../resources/fields';

/** Subdivisions of a business line; a name is unique within its category. */
export const subcategoriesCatalog = defineCatalog({
  key: 'subcategories',
  resource: '/subcategories',
  module: 'config_subcategory',
  route: 'subcategories',
  nouns: { singular: 'subcategoría', plural: 'subcategorías', article: 'la' },
  fields: {
    name: f.text({ example: 'Locales comerciales', label: 'Nombre', required: true, maxLength: 100, unique: { scope: 'categoryId' } }),
    categoryId: f.reference({ label: 'Categoría', required: true, target: 'categories', displayKey: 'category' }),
    active: f.active(),
  },
  label: { fields: ['name'] },
  optionExtras: { parentId: 'categoryId' },
  defaultSort: 'name',
});
