import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { z } from 'zod';
import type { AnyEventDefinition } from '@goc/contracts';
import type { ProcessConfig } from '../config';
import type { Attachable } from './attachable';
import type { DashboardWidgetEntry } from './dashboard';
import type { ResourceTables } from './crud/tables';
import type { NotificationReminder, NotificationRule } from './notify';
import type { OptionReaders } from './option-readers';

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's module manifests: what the shared modules (notifications, attachments, integrations…) read. */
    modules: readonly AnyApiModule[];
  }
}

/**
 * The services modules offer each other, by name. A module that offers one adds its entry here by
 * declaration merging in its own manifest (`declare module '../../lib/modules'`), so another module
 * names the type through this interface and never imports the module that provides it.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface ModuleServices {}

export type ServiceName = keyof ModuleServices;

/**
 * The settings modules keep in the app's configuration (`app.config`), by key. A module with settings
 * adds its entries here by declaration merging beside its configuration fragment, so `AppConfig` is
 * the process's own settings plus these, and config.ts names no module's settings.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface ModuleSettings {}

/**
 * A module's configuration fragment: its environment variables (a zod object whose messages name
 * each variable, in Spanish) and the settings they become. `settings` sees the process's own
 * settings (GOC_PUBLIC_URL…) and answers the problems of variables that only go together, as
 * «VARIABLE: mensaje» lines, instead of settings.
 */
export interface ConfigFragment<E extends z.ZodType = z.ZodType> {
  env: E;
  settings(values: z.output<E>, processConfig: ProcessConfig): Partial<ModuleSettings> | string[];
}

/** Declares a fragment; its variables' schema types what `settings` reads. */
export function defineConfig<E extends z.ZodType>(fragment: ConfigFragment<E>): ConfigFragment<E> {
  return fragment;
}

const problemLine = (issue: z.core.$ZodIssue) => `${issue.path.join('.')}: ${issue.message}`;

/** The modules' invalid variables, as «VARIABLE: mensaje» lines (none when every fragment reads its own). */
export function moduleEnvProblems(modules: readonly AnyApiModule[], env: NodeJS.ProcessEnv): string[] {
  return modules.flatMap((m) => {
    const result = m.config?.env.safeParse(env);
    return result && !result.success ? result.error.issues.map(problemLine) : [];
  });
}

/**
 * Every module's settings read from the environment, in the modules' order, or every problem found
 * (the invalid variables of all fragments, else the combinations refused).
 */
export function moduleSettings(modules: readonly AnyApiModule[], env: NodeJS.ProcessEnv, processConfig: ProcessConfig): Partial<ModuleSettings> | string[] {
  const invalid = moduleEnvProblems(modules, env);
  if (invalid.length > 0) return invalid;
  const problems: string[] = [];
  const settings: Partial<ModuleSettings> = {};
  for (const m of modules) {
    if (!m.config) continue;
    const own = m.config.settings(m.config.env.parse(env), processConfig);
    if (Array.isArray(own)) problems.push(...own);
    else Object.assign(settings, own);
  }
  return problems.length > 0 ? problems : settings;
}

/** What a service's factory gets: the app's shared context and the services its module needs. */
export interface ServiceDeps<N extends ServiceName> {
  app: FastifyInstance;
  services: Pick<ModuleServices, N>;
}

/**
 * One module of the API, declared in its folder's index.ts. The composition root (app.ts) builds the
 * app from a list of these: the resource tables references resolve through, the services in the order
 * their needs allow, the routes under /api/v2 and the work that lives at the app's root.
 */
export interface ApiModule<P extends ServiceName = never, N extends ServiceName = never> {
  /** The module's folder, named in start-up errors. */
  name: string;
  /** Tables of the module's resources: what references to them join, check and count before a delete. */
  resources?: readonly ResourceTables[];
  /** Services of other modules this one uses (its routes and its own services receive them). */
  needs?: readonly N[];
  /** The services this module offers, each built once. */
  provides?: { readonly [K in P]: (deps: ServiceDeps<N>) => ModuleServices[K] };
  /** Its routes, registered under /api/v2 in their own encapsulated scope, with the services it needs and its own. */
  routes?(app: FastifyInstance, services: Pick<ModuleServices, NoInfer<N | P>>): Promise<void>;
  /** A plugin at the app's root: event subscribers and workers that outlive a request. */
  root?: FastifyPluginAsync;

  /*
   * What the module joins among the shared capabilities. The shared modules iterate over these
   * declarations and name no module.
   */
  /** Its notification rules (lib/notify.ts). */
  notifications?: readonly NotificationRule[];
  /** Its reminders, checked every minute (lib/notify.ts `NotificationReminder`). */
  reminders?: readonly NotificationReminder[];
  /** Its records that take documents, with who may change them (lib/attachable.ts). */
  attachables?: readonly Attachable[];
  /** Its dashboard widgets (lib/dashboard.ts `dashboardWidget`), computed with the services it needs and its own. */
  widgets?: readonly DashboardWidgetEntry<Pick<ModuleServices, NoInfer<N | P>>>[];
  /** The typed events it publishes (contracts `defineEvent`): webhooks offer them as `<resource>.<action>`. */
  events?: readonly AnyEventDefinition[];
  /**
   * OpenAPI component names of the contracts schemas its routes use as they are (PascalCase nouns,
   * docs/api.md); buildApp names them. (The CRUD mechanism names each resource's: crud/documented.ts.)
   */
  schemas?: Readonly<Record<string, z.ZodType>>;
  /** Its configuration fragment: its environment variables and the settings they become (`defineConfig`). */
  config?: ConfigFragment;
  /** Its resources (keys) whose status routes write `record.transitioned` without a declared workflow: webhooks offer `.transitioned`. */
  statusRoutes?: readonly string[];
  /**
   * Other modules' resources whose GET /options its people read: its forms pick from them, its
   * pages filter by them (`picksFrom`, `filtersBy`, lib/option-readers.ts).
   */
  options?: readonly OptionReaders[];
}

// Any module, whatever it provides and needs: the list's element type.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyApiModule = ApiModule<any, any>;

/** Declares a module; its needs type the `services` its routes and services receive. */
export function defineModule<P extends ServiceName = never, N extends ServiceName = never>(module: ApiModule<P, N>): ApiModule<P, N> {
  return module;
}

type ProvidedBy<M> = M extends ApiModule<infer P, infer _N> ? P : never;
type NeededBy<M> = M extends ApiModule<infer _P, infer N> ? N : never;

/** The services some module of the list needs and none provides (never when the list is complete). */
export type MissingServices<L extends readonly AnyApiModule[]> = Exclude<NeededBy<L[number]>, ProvidedBy<L[number]>>;

/**
 * A module list whose every need is provided by a module of it; otherwise a type error naming the
 * missing services (`missingServices: "orders"`).
 */
export function moduleList<const L extends readonly AnyApiModule[]>(
  ...modules: L & ([MissingServices<L>] extends [never] ? unknown : { missingServices: MissingServices<L> })
): L {
  return modules;
}

/**
 * Builds every module's services once, each after the services it needs. A need nobody provides, a
 * service provided twice or a cycle of needs is a start-up error (a typed list cannot have the first).
 */
export function createServices(app: FastifyInstance, modules: readonly AnyApiModule[]): ModuleServices {
  const services: Partial<Record<ServiceName, unknown>> = {};
  const providers = new Map<string, string>();
  for (const m of modules) {
    for (const name of Object.keys(m.provides ?? {})) {
      const other = providers.get(name);
      if (other) throw new Error(`the service ${name} is provided by both ${other} and ${m.name}`);
      providers.set(name, m.name);
    }
  }
  for (const m of modules) {
    for (const need of m.needs ?? []) {
      if (!providers.has(need)) throw new Error(`module ${m.name} needs the service ${String(need)}, which no module provides`);
    }
  }
  let pending = modules.filter((m) => m.provides);
  while (pending.length > 0) {
    const ready = pending.filter((m) => (m.needs ?? []).every((need: ServiceName) => need in services));
    if (ready.length === 0) throw new Error(`the needs of ${pending.map((m) => m.name).join(', ')} form a cycle`);
    for (const m of ready) {
      for (const [name, create] of Object.entries(m.provides ?? {}) as [ServiceName, (deps: ServiceDeps<ServiceName>) => unknown][]) {
        services[name] = create({ app, services: services as ModuleServices });
      }
    }
    pending = pending.filter((m) => !ready.includes(m));
  }
  return services as ModuleServices;
}
