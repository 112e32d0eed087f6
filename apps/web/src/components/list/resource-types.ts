import type { AnyCatalog } from '@goc/contracts';

/**
 * What the list page and the record form need to know about a resource: a catalogue declaration of
 * packages/contracts fits as it is, and a business module can declare the same shape.
 */
export type ListResource = Pick<
  AnyCatalog,
  'key' | 'resource' | 'module' | 'nouns' | 'fields' | 'listFields' | 'label' | 'defaultSort' | 'schemas' | 'systemRows'
>;

export type { ResourceRow } from '../../lib/resources/resource-row';
