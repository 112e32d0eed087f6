import { BASE_FIELDS, type ResourceField, type ListFieldSpec } from '@goc/contracts';
import type { ListResource } from './resource-types';

/** One table column: the declared field and, when lists may filter or sort it, its allowlist entry. */
export interface ListColumn {
  field: ResourceField;
  spec: ListFieldSpec | undefined;
}

/**
 * The columns a resource offers, in declaration order, then the common Creado / Actualizado columns
 * (hidden until chosen) when the resource lists them (the column chooser lists them all).
 */
export function listColumns(resource: Pick<ListResource, 'fields' | 'listFields'>): ListColumn[] {
  const common = BASE_FIELDS.filter((base) => resource.listFields.some((s) => s.name === base.name));
  return [...resource.fields, ...common]
    .filter((field) => field.list.column)
    .map((field) => ({ field, spec: resource.listFields.find((s) => s.name === field.name) }));
}
