import { defineCatalog } from './define';
import { f } from '../resources/fields';

/** Units of measure of materials (m3, kg, pza). */
export const unitsCatalog = defineCatalog({
  key: 'units',
  resource: '/units',
  module: 'config_units',
  route: 'units',
  nouns: { singular: 'unidad', plural: 'unidades', article: 'la' },
  fields: {
    abbreviation: f.text({ example: 'gal', label: 'Abreviatura', required: true, maxLength: 20, unique: true }),
    name: f.text({ example: 'Galón', label: 'Nombre', required: true, maxLength: 100, unique: true }),
    active: f.active(),
  },
  label: { fields: ['abbreviation'] },
  defaultSort: 'abbreviation',
});
