import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/*
 * Modules read typed entities and rows (ResourceService<R> answers EntityOf<R>, drizzle types its
 * selections), so a module never casts one: a cast there hides a type the source should give. This
 * walks every `x as T` in apps/api/src/modules and refuses those whose T names an entity or a row:
 * a type of @goc/contracts (entities, their parts and enums), the mechanism's `Entity` / `EntityOf`,
 * a `…Row` type, a `Record<…>`, or an object type (written in place, or an interface or alias of its file). `as const` and casts to other types (a caught
 * error, a widening for `includes`) are not about entities. docs/architecture.md, "Typed services".
 */

const API = join(import.meta.dirname, '..', '..');
const MODULES = join(API, 'src', 'modules');
const CONTRACTS = join(API, '..', '..', 'packages', 'contracts', 'src');

/**
 * Casts that stay, as `'<file under modules/>: <cast as printed>': '<why>'`. Keep it short and narrow;
 * typing the source (a zod parse, a drizzle `$type`, a typed service) is nearly always possible.
 */
const ALLOWED: Readonly<Record<string, string>> = {};

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? files(join(dir, entry.name)) : entry.name.endsWith('.ts') ? [join(dir, entry.name)] : [],
  );
}

/** Every type name @goc/contracts exports (`export type X`, `export interface X`). */
function contractTypeNames(): Set<string> {
  const names = new Set<string>();
  for (const file of files(CONTRACTS)) {
    for (const match of readFileSync(file, 'utf8').matchAll(/export\s+(?:type|interface)\s+([A-Z]\w*)/g)) names.add(match[1] as string);
  }
  return names;
}

/** The object types a file declares (interfaces, and aliases that spell an object): a cast to one is a cast to an object shape. */
function localObjectTypes(source: ts.SourceFile): Set<string> {
  const names = new Set<string>();
  for (const statement of source.statements) {
    if (ts.isInterfaceDeclaration(statement)) names.add(statement.name.text);
    if (ts.isTypeAliasDeclaration(statement) && namesEntity(statement.type, new Set())) names.add(statement.name.text);
  }
  return names;
}

/** Whether a cast's target type names an entity, a row or an object shape anywhere in it. */
function namesEntity(type: ts.TypeNode, known: ReadonlySet<string>): boolean {
  let found = false;
  const visit = (node: ts.Node): void => {
    if (found) return;
    if (ts.isTypeLiteralNode(node) || ts.isMappedTypeNode(node)) found = true;
    if (ts.isTypeReferenceNode(node)) {
      const name = node.typeName.getText();
      if (['Entity', 'EntityOf', 'Record'].includes(name) || /Row$/.test(name) || known.has(name)) found = true;
    }
    ts.forEachChild(node, visit);
  };
  visit(type);
  return found;
}

function entityCasts(): string[] {
  const contracts = contractTypeNames();
  const found: string[] = [];
  for (const file of files(MODULES)) {
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    const known = new Set([...contracts, ...localObjectTypes(source)]);
    const visit = (node: ts.Node): void => {
      if (ts.isAsExpression(node) || ts.isTypeAssertionExpression(node)) {
        const isConst = ts.isTypeReferenceNode(node.type) && node.type.typeName.getText() === 'const';
        if (!isConst && namesEntity(node.type, known)) {
          found.push(`${relative(MODULES, file)}: ${node.getText().replace(/\s+/g, ' ').replace(/'/g, '"')}`);
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}

describe('modules and entity types', () => {
  it('casts no entity or row in apps/api/src/modules', () => {
    const casts = entityCasts();
    expect(casts.filter((cast) => !(cast in ALLOWED))).toEqual([]);
    // An exception that no longer exists leaves the list.
    expect(Object.keys(ALLOWED).filter((cast) => !casts.includes(cast))).toEqual([]);
  });
});
