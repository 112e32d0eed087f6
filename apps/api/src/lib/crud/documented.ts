import { z } from 'zod';
import {
  historyListSchema,
  listResponseSchema,
  optionPageSchema,
  savedRecordSchema,
  timelineEntrySchema,
  transitionInputSchema,
  type AnyResource,
} from '@goc/contracts';
import { component } from '../openapi';

/*
 * How the mechanism names a resource in the OpenAPI document, once for every resource: the English
 * noun of its path (`/registry/wage-parameters` → WageParameter, WageParameters) gives the
 * operationIds (listWageParameters, getWageParameter, createWageParameter…) and the component
 * names (WageParameter, WageParameterCreate, WageParameterPage…). docs/api.md.
 */

const pascal = (words: string[]) => words.map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join('');

/** English plural → singular for the nouns of the paths (categories, statuses, materials). */
function singularOf(word: string): string {
  if (word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.endsWith('uses') || word.endsWith('sses')) return word.slice(0, -2);
  return word.endsWith('s') ? word.slice(0, -1) : word;
}

export interface ResourceNames {
  /** PascalCase singular: Material, ErrorStatus. */
  singular: string;
  /** PascalCase plural: Materials, ErrorStatuses. */
  plural: string;
}

export function resourceNames(declaration: Pick<AnyResource, 'resource'>): ResourceNames {
  const noun = declaration.resource.split('/').pop() ?? '';
  const words = noun.split('-');
  const last = words.pop() ?? '';
  return { singular: pascal([...words, singularOf(last)]), plural: pascal([...words, last]) };
}

export function operationIds(declaration: Pick<AnyResource, 'resource'>) {
  const { singular, plural } = resourceNames(declaration);
  return {
    list: `list${plural}`,
    export: `export${plural}`,
    options: `list${singular}Options`,
    get: `get${singular}`,
    history: `get${singular}History`,
    create: `create${singular}`,
    update: `update${singular}`,
    delete: `delete${singular}`,
    transition: `transition${singular}`,
    importTemplate: `get${singular}ImportTemplate`,
    import: `import${plural}`,
  };
}

export const historySchema = component('History', historyListSchema);
export const optionPage = component('OptionPage', optionPageSchema);
const timelineEntry = component('TimelineEntry', timelineEntrySchema);

function documentedSchemas(declaration: AnyResource) {
  const { singular } = resourceNames(declaration);
  const entity = component(singular, declaration.schemas.entity);
  return {
    entity,
    /** GET <resource>/:id: with a workflow, the entity and its status timeline. */
    detail: declaration.workflow ? component(`${singular}Detail`, entity.extend({ timeline: z.array(timelineEntry) })) : entity,
    saved: component(`${singular}Saved`, savedRecordSchema(entity)),
    page: component(`${singular}Page`, listResponseSchema(entity)),
    createInput: component(`${singular}Create`, declaration.schemas.createInput),
    updateInput: component(`${singular}Update`, declaration.schemas.updateInput),
    transition: declaration.workflow ? component(`${singular}Transition`, transitionInputSchema(declaration)) : null,
  };
}

const built = new WeakMap<AnyResource, ReturnType<typeof documentedSchemas>>();

/**
 * The schemas the routes of a resource use, named once per declaration (so building the app again
 * in the same process finds the same objects).
 */
export function resourceSchemas(declaration: AnyResource): ReturnType<typeof documentedSchemas> {
  let schemas = built.get(declaration);
  if (!schemas) {
    schemas = documentedSchemas(declaration);
    built.set(declaration, schemas);
  }
  return schemas;
}
