import type { Plugin } from 'vite';

const ENTRY = '/src/main.tsx';
const SHELL = '/src/app/shell/shell-layout.tsx';
const LOGIN_PAGE = '/src/features/auth/login-page.tsx';

type ModuleGraph = { getModuleIds(): IterableIterator<string>; getModuleInfo(id: string): { importedIds: readonly string[] } | null };

/** The modules `root` imports statically, itself included, transitively. */
function staticClosure(graph: ModuleGraph, root: string): Set<string> {
  const seen = new Set<string>();
  const visit = (id: string) => {
    if (seen.has(id)) return;
    seen.add(id);
    graph.getModuleInfo(id)?.importedIds.forEach(visit);
  };
  visit(root);
  return seen;
}

const moduleEnding = (graph: ModuleGraph, ending: string) => [...graph.getModuleIds()].find((id) => id.replaceAll('\\', '/').endsWith(ending));

/**
 * Everything the shell imports statically in one chunk. Left to the bundler, those modules are split
 * by which pages share them: some 20 files of a few kB, fetched before any signed-in screen draws,
 * each costing a round trip on a phone's network. The entry's and the login page's modules stay
 * out: /login downloads none of the shell.
 */
export function shellChunk(): Plugin {
  let shellModules = new Set<string>();
  return {
    name: 'goc-shell-chunk',
    apply: 'build',
    config: () => ({
      build: { rolldownOptions: { output: { codeSplitting: { groups: [{ name: 'shell', test: (id: string) => shellModules.has(id), includeDependenciesRecursively: false }] } } } },
    }),
    buildEnd() {
      const [entry, shell, login] = [ENTRY, SHELL, LOGIN_PAGE].map((ending) => moduleEnding(this, ending));
      if (!entry || !shell || !login) this.error(`goc-shell-chunk: no module ends with ${[ENTRY, SHELL, LOGIN_PAGE].join(', ')}`);
      const outside = new Set([...staticClosure(this, entry), ...staticClosure(this, login)]);
      shellModules = new Set([...staticClosure(this, shell)].filter((id) => !outside.has(id)));
    },
  };
}
