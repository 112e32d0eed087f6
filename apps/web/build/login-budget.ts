import { brotliCompressSync, constants } from 'node:zlib';
import type { Plugin, Rollup } from 'vite';

/** The page a phone opens first: its JavaScript must stay under this many bytes once brotli-compressed. */
export const LOGIN_BUDGET_BYTES = 120 * 1024;
const LOGIN_PAGE = '/src/features/auth/login-page.tsx';

type Chunk = Pick<Rollup.OutputChunk, 'fileName' | 'imports' | 'isEntry' | 'facadeModuleId'>;

/**
 * The JavaScript files a browser fetches before it can show `pageModule`: the entry chunk and the
 * page's chunk, each with its static imports (transitively). Dynamic imports are left out: they
 * load later, by route or on demand.
 */
export function initialChunks(chunks: readonly Chunk[], pageModule: string): string[] {
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const roots = chunks.filter((chunk) => chunk.isEntry || chunk.facadeModuleId?.replaceAll('\\', '/').endsWith(pageModule));
  if (!roots.some((chunk) => !chunk.isEntry)) throw new Error(`No hay un fragmento para ${pageModule}`);
  const seen = new Set<string>();
  const visit = (name: string) => {
    if (seen.has(name)) return;
    seen.add(name);
    byName.get(name)?.imports.forEach(visit);
  };
  roots.forEach((chunk) => visit(chunk.fileName));
  return [...seen].sort();
}

const brotliSize = (code: string) => brotliCompressSync(code, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } }).length;
const kB = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;

/** Fails the build when /login's initial JavaScript (brotli) exceeds `budget` bytes. */
export function loginBudget(budget = LOGIN_BUDGET_BYTES): Plugin {
  return {
    name: 'goc-login-budget',
    apply: 'build',
    writeBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((output): output is Rollup.OutputChunk => output.type === 'chunk');
      const code = new Map(chunks.map((chunk) => [chunk.fileName, chunk.code]));
      const files = initialChunks(chunks, LOGIN_PAGE);
      const total = files.reduce((sum, file) => sum + brotliSize(code.get(file) ?? ''), 0);
      const summary = `/login: ${files.length} archivos JavaScript, ${kB(total)} con brotli (presupuesto ${kB(budget)})`;
      if (total > budget) this.error(`${summary}. Carga diferida lo que la página de acceso no necesita.`);
      this.info(summary);
    },
  };
}
