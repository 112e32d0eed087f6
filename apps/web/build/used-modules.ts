import type { Program } from 'estree';

/*
 * Which modules a page needs, seen through barrels. A barrel (a module made only of `export … from`
 * statements, like the contracts' index or TanStack Query's) links every module it re-exports, so the
 * plain import graph makes whatever imports one name from it look like it needs them all. Following
 * only the re-exports that provide the names imported tells the modules that end up in its chunks.
 */

/** What a module imports from another: the names, or all of them (a namespace, `export *`, a side effect only being none). */
export interface ModuleImport {
  id: string;
  names: readonly string[] | 'all';
}

/** A barrel's re-exports: from which module, which names (`all` for `export *`), renamed how. */
interface ReExport {
  id: string;
  /** exported name → the name in the source module; null for `export * from`. */
  names: ReadonlyMap<string, string> | null;
}

export interface ModuleFacts {
  imports: readonly ModuleImport[];
  /** Set when every statement of the module is an `export … from`. */
  reExports: readonly ReExport[] | null;
  exports: readonly string[];
}

const nameOf = (node: { type: string; name?: string; value?: unknown }) => (node.type === 'Identifier' ? node.name! : String(node.value));

/** The static imports and re-exports of a parsed module, with each source resolved to a module id. */
export async function moduleFacts(program: Program, exports: readonly string[], resolve: (source: string) => Promise<string | null>): Promise<ModuleFacts> {
  const imports: ModuleImport[] = [];
  const reExports: ReExport[] = [];
  // Imported bindings, for a barrel that imports names and then exports them (`import { a } from './a'; export { a }`).
  const bindings = new Map<string, { id: string; name: string }>();
  let onlyReExports = program.body.length > 0;
  for (const statement of program.body) {
    if (statement.type === 'ImportDeclaration') {
      const id = await resolve(String(statement.source.value));
      if (!id) continue;
      const whole = statement.specifiers.some((s) => s.type === 'ImportNamespaceSpecifier');
      const names = statement.specifiers.map((s) => (s.type === 'ImportSpecifier' ? nameOf(s.imported) : 'default'));
      if (whole) onlyReExports = false;
      statement.specifiers.forEach((s, i) => bindings.set(s.local.name, { id, name: names[i]! }));
      imports.push({ id, names: whole ? 'all' : names });
    } else if (statement.type === 'ExportAllDeclaration') {
      const id = await resolve(String(statement.source.value));
      if (!id) continue;
      imports.push({ id, names: 'all' });
      if (statement.exported) onlyReExports = false;
      else reExports.push({ id, names: null });
    } else if (statement.type === 'ExportNamedDeclaration' && statement.source) {
      const id = await resolve(String(statement.source.value));
      if (!id) continue;
      const renames = new Map(statement.specifiers.map((s) => [nameOf(s.exported), nameOf(s.local)] as const));
      imports.push({ id, names: [...renames.values()] });
      reExports.push({ id, names: renames });
    } else if (statement.type === 'ExportNamedDeclaration' && !statement.declaration) {
      for (const s of statement.specifiers) {
        const binding = bindings.get(nameOf(s.local));
        if (binding) reExports.push({ id: binding.id, names: new Map([[nameOf(s.exported), binding.name]]) });
        else onlyReExports = false;
      }
    } else onlyReExports = false;
  }
  return { imports, reExports: onlyReExports ? reExports : null, exports };
}

/**
 * The modules `root` needs, itself included: every static import followed, except that the names
 * imported from a barrel lead only to the modules that provide them.
 */
export function usedModules(root: string, facts: (id: string) => ModuleFacts | undefined): Set<string> {
  const used = new Set<string>();
  const visited = new Set<string>();
  const visit = (id: string) => {
    if (visited.has(id)) return;
    visited.add(id);
    used.add(id);
    for (const { id: target, names } of facts(id)?.imports ?? []) {
      if (facts(target)?.reExports && names !== 'all') names.forEach((name) => providers(target, name).forEach(visit));
      else visit(target);
    }
  };
  /** The modules a barrel's `name` comes from, through nested barrels (which count as used, their other re-exports not). */
  const providers = (barrelId: string, name: string): string[] => {
    used.add(barrelId);
    return (facts(barrelId)?.reExports ?? []).flatMap(({ id, names }) => {
      const local = names ? names.get(name) : name;
      if (local === undefined) return [];
      if (facts(id)?.reExports) return providers(id, local);
      return names || facts(id)?.exports.includes(local) ? [id] : [];
    });
  };
  visit(root);
  return used;
}
