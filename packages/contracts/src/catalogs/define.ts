import type { z } from 'zod';
import type { RouteKey } from '../routes';
import { defineResource, type ResourceDeclaration, type ResourceDefinition, type ResourceSchemas } from '../resources/define';
import type { CatalogKey } from './keys';
import type { Fields } from '../resources/shapes';

/*
 * defineCatalog: the preset of defineResource every configuration catalogue goes through. A catalogue
 * has its own page (route), offers its rows to pickers (/options) and is guarded by one module; the
 * rest — fields, schemas, list allowlist, uniqueness, rules — is the resource mechanism's.
 */

export { BASE_FIELDS, VERSION_MESSAGE, rowLabel, type UniqueConstraint } from '../resources/define';
export { checkResourceRules, type ResourceField, type ResourceRule, type Fields } from '../resources/shapes';

export type CatalogDeclaration<K extends CatalogKey = CatalogKey, F extends Fields = Fields, S extends ResourceSchemas = ResourceSchemas> = ResourceDeclaration<
  K,
  F,
  S
> & { route: RouteKey };

export type AnyCatalog = CatalogDeclaration;

type CatalogDefinition<K extends CatalogKey, F extends Fields, XE extends z.ZodRawShape, XC extends z.ZodRawShape, XU extends z.ZodRawShape> = Omit<
  ResourceDefinition<K, F, XE, XC, XU>,
  'route' | 'options' | 'views' | 'workflow' | 'permissions'
> & {
  route: RouteKey;
  /** Catalogues are importable from spreadsheets unless `false` (users carry passwords, roles a matrix). */
  import?: ResourceDefinition<K, F, XE, XC, XU>['import'] | false;
};

export function defineCatalog<
  const K extends CatalogKey,
  const F extends Fields,
  XE extends z.ZodRawShape = Record<never, never>,
  XC extends z.ZodRawShape = Record<never, never>,
  XU extends z.ZodRawShape = Record<never, never>,
>(def: CatalogDefinition<K, F, XE, XC, XU>) {
  const { import: importing, ...rest } = def;
  const declaration = defineResource<K, F, XE, XC, XU>({ ...rest, options: true, ...(importing === false ? {} : { import: importing ?? {} }) });
  return { ...declaration, route: def.route };
}
