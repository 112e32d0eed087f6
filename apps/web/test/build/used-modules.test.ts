import { parseSync } from 'vite';
import type { Program } from 'estree';
import { describe, expect, it } from 'vitest';
import { moduleFacts, usedModules, type ModuleFacts } from '../../build/used-modules';

/** Facts of a small graph: module id → its code; './x' names the module `x`. */
async function graph(modules: Record<string, { code: string; exports?: string[] }>): Promise<(id: string) => ModuleFacts | undefined> {
  const facts = new Map<string, ModuleFacts>();
  for (const [id, { code, exports = [] }] of Object.entries(modules)) {
    const program = parseSync(`${id}.js`, code).program as unknown as Program;
    facts.set(id, await moduleFacts(program, exports, async (source) => source.replace(/^\.\//, '')));
  }
  return (id) => facts.get(id);
}

const leaf = (...names: string[]) => ({ code: names.map((n) => `export const ${n} = 1;`).join('\n'), exports: names });

describe('usedModules (imports seen through barrels)', () => {
  it('follows only the re-exports of a barrel that provide the names imported', async () => {
    const facts = await graph({
      page: { code: "import { a } from './index'; console.log(a);" },
      index: { code: "export * from './a';\nexport * from './b';" },
      a: leaf('a'),
      b: leaf('b'),
    });
    expect([...usedModules('page', facts)].sort()).toEqual(['a', 'index', 'page']);
  });

  it('sees through a barrel that imports names and exports them again, and through nested barrels and renames', async () => {
    const facts = await graph({
      page: { code: "import { q, nav, renamed } from './index'; console.log(q, nav, renamed);" },
      index: { code: "import { q } from './q';\nimport { m } from './m';\nexport * from './nav';\nexport { r as renamed } from './r';\nexport { q, m };" },
      q: leaf('q'),
      m: leaf('m'),
      nav: { code: "export * from './nav-a';\nexport * from './nav-b';" },
      'nav-a': leaf('nav'),
      'nav-b': leaf('other'),
      r: leaf('r'),
    });
    expect([...usedModules('page', facts)].sort()).toEqual(['index', 'nav', 'nav-a', 'page', 'q', 'r']);
  });

  it('takes every module of a barrel imported as a namespace, and every import of a module that is not a barrel', async () => {
    const facts = await graph({
      page: { code: "import * as all from './index'; import { c } from './c'; console.log(all, c);" },
      index: { code: "export * from './a';\nexport * from './b';" },
      a: leaf('a'),
      b: leaf('b'),
      c: { code: "import { d } from './d';\nexport const c = d;", exports: ['c'] },
      d: leaf('d'),
    });
    expect([...usedModules('page', facts)].sort()).toEqual(['a', 'b', 'c', 'd', 'index', 'page']);
  });
});
