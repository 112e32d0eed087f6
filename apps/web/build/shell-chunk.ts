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

const SHELL_GROUP = 'shell';
const PRIMEREACT = /[\\/]node_modules[\\/]primereact[\\/]/;
/** The shell group's chunk, named `[name]-[hash].js` by Vite. */
const isShellChunk = (fileName: string) => new RegExp(`(^|/)${SHELL_GROUP}-[\\w-]+\\.js$`).test(fileName);

/**
 * The chunks Vite's loader fetches ahead (a `modulepreload` link each) when `fileName` is imported
 * dynamically: only the shell's, largest first. Each link appended costs the main thread a few
 * milliseconds (four times that on Lighthouse's phone) before the first screen's requests can leave:
 * on Inicio's first visit the shell's and the page's dependencies, 22 links, were half of the first
 * task. The shell's arrive with it, its PrimeReact part being the longest download, which must not
 * queue behind the small ones (six connections to one HTTP/1.1 origin); a page's are found by the
 * browser as it parses the page's chunk. CSS is loaded either way. The entry's own imports are
 * linked from index.html (`host` html), where a link costs no script: they download beside the entry
 * instead of after it.
 */
export function preloadedDependencies(fileName: string, dependencies: readonly string[], sizes: ReadonlyMap<string, number>, host: 'html' | 'js' = 'js'): string[] {
  if (host === 'html') return [...dependencies];
  return isShellChunk(fileName) ? [...dependencies].sort((a, b) => (sizes.get(b) ?? 0) - (sizes.get(a) ?? 0)) : [];
}

/**
 * Everything the shell imports statically in one chunk. Left to the bundler, those modules are split
 * by which pages share them: some 20 files of a few kB, fetched before any signed-in screen draws,
 * each costing a round trip on a phone's network. The entry's and the login page's modules stay
 * out: /login downloads none of the shell.
 */
export function shellChunk(): Plugin {
  let shellModules = new Set<string>();
  let chunkSizes = new Map<string, number>();
  return {
    name: 'goc-shell-chunk',
    apply: 'build',
    config: () => ({
      build: {
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                // First, so its modules leave the shell's group: PrimeReact's part of the shell downloads beside the rest.
                { name: 'primereact', test: (id: string) => shellModules.has(id) && PRIMEREACT.test(id), includeDependenciesRecursively: false },
                { name: SHELL_GROUP, test: (id: string) => shellModules.has(id), includeDependenciesRecursively: false },
              ],
            },
          },
        },
        modulePreload: { resolveDependencies: (fileName, dependencies, { hostType }) => preloadedDependencies(fileName, dependencies, chunkSizes, hostType) },
      },
    }),
    // Before Vite writes each dynamic import's preload list (its own generateBundle).
    generateBundle: {
      order: 'pre',
      handler(_options, bundle) {
        chunkSizes = new Map(Object.values(bundle).flatMap((output) => (output.type === 'chunk' ? [[output.fileName, output.code.length] as const] : [])));
      },
    },
    buildEnd() {
      const [entry, shell, login] = [ENTRY, SHELL, LOGIN_PAGE].map((ending) => moduleEnding(this, ending));
      if (!entry || !shell || !login) this.error(`goc-shell-chunk: no module ends with ${[ENTRY, SHELL, LOGIN_PAGE].join(', ')}`);
      const outside = new Set([...staticClosure(this, entry), ...staticClosure(this, login)]);
      shellModules = new Set([...staticClosure(this, shell)].filter((id) => !outside.has(id)));
    },
  };
}
