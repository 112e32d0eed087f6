import { defineCatalog } from './define';
import { f } from '../resources/fields';

/** The group's business lines (Vivienda, Infraestructura…); /negocios groups works by them. */
export const categoriesCatalog = defineCatalog({
  key: 'categories',
  resource: '/categories',
  module: 'config_categories',
  route: 'categories',
  nouns: { singular: 'categoría', plural: 'categorías', article: 'la' },
  fields: {
    name: f.text({ example: 'Remodelación', label: 'Nombre', required: true, maxLength: 100, unique: true }),
    description: f.textarea({ label: 'Descripción', maxLength: 500 }),
    iconId: f.reference({ label: 'Icono', target: 'icons', displayKey: 'icon' }),
    color: f.color({ label: 'Color' }),
    active: f.active(),
  },
  label: { fields: ['name'] },
  optionExtras: { color: 'color' },
  defaultSort: 'name',
});
