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

/** The mechanism's own schemas, named in every app's document. */
export const CRUD_SCHEMAS = { History: historyListSchema, OptionPage: optionPageSchema, TimelineEntry: timelineEntrySchema };

function documentedSchemas(declaration: AnyResource) {
  const { singular } = resourceNames(declaration);
  const entity = declaration.schemas.entity;
  const detail = declaration.workflow ? entity.extend({ timeline: z.array(timelineEntrySchema) }) : entity;
  const saved = savedRecordSchema(entity);
  const page = listResponseSchema(entity);
  const transition = declaration.workflow ? transitionInputSchema(declaration) : null;
  const { createInput, updateInput } = declaration.schemas;
  return {
    entity,
    /** GET <resource>/:id: with a workflow, the entity and its status timeline. */
    detail,
    saved,
    page,
    createInput,
    updateInput,
    transition,
    /** Their names in the document (an app names them when it declares the resource). */
    names: {
      [singular]: entity,
      ...(declaration.workflow ? { [`${singular}Detail`]: detail } : {}),
      [`${singular}Saved`]: saved,
      [`${singular}Page`]: page,
      [`${singular}Create`]: createInput,
      [`${singular}Update`]: updateInput,
      ...(transition ? { [`${singular}Transition`]: transition } : {}),
    } as Record<string, z.ZodType>,
  };
}

const built = new WeakMap<AnyResource, ReturnType<typeof documentedSchemas>>();

/**
 * The schemas the routes of a resource use, built once per declaration (so every app built in the
 * process finds, and names, the same objects).
 */
export function resourceSchemas(declaration: AnyResource): ReturnType<typeof documentedSchemas> {
  let schemas = built.get(declaration);
  if (!schemas) {
    schemas = documentedSchemas(declaration);
    built.set(declaration, schemas);
  }
  return schemas;
}
