import { registryMovementsResource, type MovementScope } from '@goc/contracts';
import type { ListResource } from '../../components/list/resource-types';

/** Type, employee (and work), date, "fuera de plazo" and statuses first: what HR scans a week for. */
const LEADING = ['type', 'employeeId', 'workId', 'effectiveDate', 'late', 'registrationStatusId', 'stampStatusId', 'errorStatusId'];
const rank = (name: string) => (LEADING.includes(name) ? LEADING.indexOf(name) : LEADING.length);
const ORDERED = [...registryMovementsResource.fields].sort((a, b) => rank(a.name) - rank(b.name));

/** Office movements have no work: the column is not offered by default there. */
const HIDDEN_BY_SCOPE: Record<MovementScope, readonly string[]> = { oficina: ['workId', 'scope'], obra: ['scope'] };

const MODULE_OF: Record<MovementScope, 'registry_office' | 'registry_works'> = { oficina: 'registry_office', obra: 'registry_works' };

/**
 * One list resource per scope: its own remembered columns and the permission of its own module for
 * every write (the declaration accepts either module because the API decides by the movement's scope).
 */
function scopeResource(scope: MovementScope): ListResource {
  const module = MODULE_OF[scope];
  return {
    ...registryMovementsResource,
    key: scope === 'oficina' ? 'registryMovementsOffice' : 'registryMovementsWorks',
    module,
    fields: ORDERED.map((field) =>
      HIDDEN_BY_SCOPE[scope].includes(field.name) ? { ...field, list: { ...field.list, shownByDefault: false } } : field,
    ),
    permissions: {
      create: { module, action: 'create' },
      edit: { module, action: 'edit' },
      delete: { module, action: 'delete' },
    },
  };
}

export const MOVEMENT_RESOURCES: Record<MovementScope, ListResource> = { oficina: scopeResource('oficina'), obra: scopeResource('obra') };
export const MOVEMENT_MODULES = MODULE_OF;
