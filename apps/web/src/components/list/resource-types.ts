import type { AnyResource } from '@goc/contracts';

/**
 * What the list page and the record form need to know about a resource: a catalogue or business
 * resource declaration of packages/contracts fits as it is.
 */
export type ListResource = Pick<
  AnyResource,
  'key' | 'resource' | 'module' | 'nouns' | 'fields' | 'listFields' | 'label' | 'defaultSort' | 'schemas' | 'systemRows' | 'permissions' | 'guards' | 'workflow' | 'views'
>;

export type { ResourceRow } from '../../lib/resources/resource-row';
