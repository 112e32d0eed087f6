import { defineCatalog } from './define';
import { f } from '../resources/fields';

/** PrimeIcons offered to categories; lists and pickers show the icon itself. */
export const iconsCatalog = defineCatalog({
  key: 'icons',
  resource: '/icons',
  module: 'config_icons',
  route: 'icons',
  nouns: { singular: 'icono', plural: 'iconos', article: 'el' },
  fields: {
    name: f.text({ example: 'Brújula', label: 'Nombre', required: true, maxLength: 100, unique: true }),
    value: f.icon({ example: 'pi pi-compass', label: 'Icono', required: true, unique: true, hint: 'Clase de PrimeIcons, por ejemplo «pi pi-building»' }),
    active: f.active(),
  },
  label: { fields: ['name'] },
  optionExtras: { icon: 'value' },
  defaultSort: 'name',
});
