import type { Program } from 'estree';
import type { Plugin, Rollup } from 'vite';
import { initialChunks } from './login-budget.ts';
import { moduleFacts, usedModules, type ModuleFacts } from './used-modules.ts';

const ENTRY = '/src/main.tsx';
const SHELL = '/src/app/shell/shell-layout.tsx';
const LOGIN_PAGE = '/src/features/auth/login-page.tsx';

const moduleEnding = (ids: Iterable<string>, ending: string) => [...ids].find((id) => id.replaceAll('\\', '/').endsWith(ending));

/** Each module's imports and re-exports, read from the code the bundler holds (after the plugins' transforms). */
async function graphFacts(context: Rollup.PluginContext): Promise<Map<string, ModuleFacts>> {
  const facts = new Map<string, ModuleFacts>();
  for (const id of context.getModuleIds()) {
    const info = context.getModuleInfo(id);
    if (!info?.code) continue;
    let program: Program;
    try {
      program = context.parse(info.code) as unknown as Program;
    } catch {
      // Not JavaScript the parser takes: every import counts whole.
      facts.set(id, { imports: info.importedIds.map((target) => ({ id: target, names: 'all' })), reExports: null, exports: info.exports });
      continue;
    }
    facts.set(id, await moduleFacts(program, info.exports, async (source) => (await context.resolve(source, id))?.id ?? null));
  }
  return facts;
}

const SHELL_GROUP = 'shell';
const PRIMEREACT_GROUP = 'primereact';
const PRIMEREACT = /[\\/]node_modules[\\/]primereact[\\/]/;
/** The shell group's chunk, named `[name]-[hash].js` by Vite. */
const isShellChunk = (fileName: string) => new RegExp(`(^|/)${SHELL_GROUP}-[\\w-]+\\.js$`).test(fileName);
const isPrimeReactChunk = (fileName: string) => new RegExp(`(^|/)${PRIMEREACT_GROUP}-[\\w-]+\\.js$`).test(fileName);
/** The list codec and request builder a route loader imports to ask for the first rows (lib/resources/list-prefetch.ts). */
const isListRequestChunk = (fileName: string) => /(^|\/)list-(query|request)-[\w-]+\.js$/.test(fileName);

/**
 * The chunks Vite's loader fetches ahead (a `modulepreload` link each) when `fileName` is imported
 * dynamically: only the shell's, largest first. Each link appended costs the main thread a few
 * milliseconds (four times that on Lighthouse's phone) before the first screen's requests can leave:
 * on Inicio's first visit the shell's and the page's dependencies, 22 links, were half of the first
 * task. The shell's arrive with it, its PrimeReact part being the longest download, which must not
 * queue behind the small ones (six connections to one HTTP/1.1 origin); a page's are found by the
 * browser as it parses the page's chunk. The list codec's are linked too: the first rows' request
 * leaves once it has loaded, and its small dependencies (dates, zod's pieces) found level by level
 * were three round trips before that request. CSS is loaded either way. The entry's own imports are
 * linked from index.html (`host` html), where a link costs no script: they download beside the entry
 * instead of after it.
 */
export function preloadedDependencies(fileName: string, dependencies: readonly string[], sizes: ReadonlyMap<string, number>, host: 'html' | 'js' = 'js'): string[] {
  if (host === 'html') return [...dependencies];
  if (isListRequestChunk(fileName)) return [...dependencies];
  return isShellChunk(fileName) ? [...dependencies].sort((a, b) => (sizes.get(b) ?? 0) - (sizes.get(a) ?? 0)) : [];
}

/**
 * Everything the shell imports statically in one chunk. Left to the bundler, those modules are split
 * by which pages share them: some 20 files of a few kB, fetched before any signed-in screen draws,
 * each costing a round trip on a phone's network. The modules the entry and the login page use stay
 * out (/login downloads none of the shell), told through barrels (`used-modules.ts`): the contracts'
 * index and TanStack Query's link every module they re-export, and counted whole they kept the
 * permissions, the menu and `useQuery` in files of their own.
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
                { name: PRIMEREACT_GROUP, test: (id: string) => shellModules.has(id) && PRIMEREACT.test(id), includeDependenciesRecursively: false },
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
        const chunks = Object.values(bundle).filter((output) => output.type === 'chunk');
        chunkSizes = new Map(chunks.map((chunk) => [chunk.fileName, chunk.code.length] as const));
        // What the entry or the sign-in page needs must never have been put in the shell's groups.
        const misplaced = initialChunks(chunks, LOGIN_PAGE).filter((file) => isShellChunk(file) || isPrimeReactChunk(file));
        if (misplaced.length > 0) this.error(`goc-shell-chunk: /login would load ${misplaced.join(', ')}`);
      },
    },
    async buildEnd() {
      const [entry, shell, login] = [ENTRY, SHELL, LOGIN_PAGE].map((ending) => moduleEnding(this.getModuleIds(), ending));
      if (!entry || !shell || !login) this.error(`goc-shell-chunk: no module ends with ${[ENTRY, SHELL, LOGIN_PAGE].join(', ')}`);
      const facts = await graphFacts(this);
      const used = (root: string) => usedModules(root, (id) => facts.get(id));
      const outside = new Set([...used(entry), ...used(login)]);
      shellModules = new Set([...used(shell)].filter((id) => !outside.has(id)));
    },
  };
}
