import type { SourceMap } from 'node:module';

/*
 * Reads a V8 CPU profile (--cpu-prof) of the API and says where a request's CPU goes: self time by
 * package, and the GOC functions that cost most with what they call. Positions in the API bundle are
 * mapped back to apps/api/src (or packages/contracts) through its source map.
 */

export interface CpuProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}

export interface CpuProfile {
  nodes: CpuProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

export interface ProfileSummary {
  /** Samples of a busy main thread inside the window. */
  samples: number;
  cpuMsPerRequest: number;
  groups: { name: string; msPerRequest: number; share: number }[];
  functions: { name: string; totalMsPerRequest: number; selfMsPerRequest: number }[];
  /** Any frame, by self time: which built-in, which library function. */
  frames: { name: string; group: string; msPerRequest: number }[];
}

const SPECIAL: Record<string, string> = {
  '(garbage collector)': 'Garbage collection',
  '(program)': 'V8 and native code outside JavaScript',
};

/** The group a frame's self time counts for. */
export function groupOf(frame: CpuProfileNode['callFrame'], bundle: string): string {
  const special = SPECIAL[frame.functionName];
  if (special && frame.url === '') return special;
  const { url } = frame;
  if (url.startsWith('node:')) return 'Node.js core (http, net, streams, timers)';
  if (url.startsWith('wasm://')) return 'PGlite: PostgreSQL in WebAssembly';
  const nodeModules = url.lastIndexOf('/node_modules/');
  if (nodeModules >= 0) {
    const [first = '', second = ''] = url.slice(nodeModules + '/node_modules/'.length).split('/');
    return first.startsWith('@') ? `${first}/${second}` : first;
  }
  if (url.endsWith(bundle)) return 'GOC (apps/api, contracts)';
  return 'V8 built-ins (JSON, RegExp, Map…)';
}

/** A source map's source (`../src/app.ts`, `../../../packages/contracts/src/x.ts`) as a repository path. */
function sourcePath(source: string): string {
  const path = source.replace(/^file:\/\//, '');
  const contracts = /packages\/contracts\/src\/.*$/.exec(path);
  if (contracts) return contracts[0];
  const api = /(?:^|\/)src\/(.*)$/.exec(path);
  return api ? `apps/api/src/${api[1]}` : path;
}

const IGNORED = new Set(['(idle)', '(root)']);

/**
 * `window` bounds the samples (µs, the profile's clock); `cpuMsPerRequest`, measured from the process's
 * CPU time, is split in proportion to the busy samples (samples are wall-clock ticks of the main
 * thread, which a loaded machine can preempt).
 */
export function summariseProfile(
  profile: CpuProfile,
  window: { from: number; to: number },
  cpuMsPerRequest: number,
  bundle: { file: string; sourceMap: SourceMap | null },
  topFunctions = 12,
): ProfileSummary {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);

  const names = new Map<number, string | null>();
  const gocName = (node: CpuProfileNode): string | null => {
    const known = names.get(node.id);
    if (known !== undefined) return known;
    let name: string | null = null;
    if (node.callFrame.url.endsWith(bundle.file)) {
      const entry = bundle.sourceMap?.findEntry(node.callFrame.lineNumber, node.callFrame.columnNumber);
      const where =
        entry && 'originalSource' in entry ? `${sourcePath(entry.originalSource)}:${entry.originalLine + 1}` : `${bundle.file}:${node.callFrame.lineNumber + 1}`;
      name = `${node.callFrame.functionName || '(anonymous)'} ${where}`;
    }
    names.set(node.id, name);
    return name;
  };

  const selfByGroup = new Map<string, number>();
  const selfByFunction = new Map<string, number>();
  const totalByFunction = new Map<string, number>();
  const selfByFrame = new Map<string, number>();
  let busy = 0;
  let time = profile.startTime;
  for (const [i, sampleId] of profile.samples.entries()) {
    time += profile.timeDeltas[i] ?? 0;
    if (time < window.from || time > window.to) continue;
    const node = byId.get(sampleId);
    if (!node || IGNORED.has(node.callFrame.functionName)) continue;
    busy += 1;
    const group = groupOf(node.callFrame, bundle.file);
    selfByGroup.set(group, (selfByGroup.get(group) ?? 0) + 1);
    const self = gocName(node);
    if (self) selfByFunction.set(self, (selfByFunction.get(self) ?? 0) + 1);
    const frameKey = `${node.callFrame.functionName || '(anonymous)'}\u0000${group}`;
    selfByFrame.set(frameKey, (selfByFrame.get(frameKey) ?? 0) + 1);
    const seen = new Set<string>();
    for (let id: number | undefined = sampleId; id !== undefined; id = parent.get(id)) {
      const frame = byId.get(id);
      const name = frame ? gocName(frame) : null;
      if (name && !seen.has(name)) {
        seen.add(name);
        totalByFunction.set(name, (totalByFunction.get(name) ?? 0) + 1);
      }
    }
  }
  if (busy === 0) throw new Error('no busy sample inside the measured period: is the profile clock the same as the window?');
  const perRequest = (count: number) => (count / busy) * cpuMsPerRequest;
  return {
    samples: busy,
    cpuMsPerRequest,
    groups: [...selfByGroup.entries()]
      .sort((a, b) => b[1] - a[1])
      .map(([name, count]) => ({ name, msPerRequest: perRequest(count), share: count / busy })),
    functions: [...totalByFunction.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, topFunctions)
      .map(([name, count]) => ({ name, totalMsPerRequest: perRequest(count), selfMsPerRequest: perRequest(selfByFunction.get(name) ?? 0) })),
    frames: [...selfByFrame.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, topFunctions)
      .map(([key, count]) => {
        const [name = '', group = ''] = key.split('\u0000');
        return { name, group, msPerRequest: perRequest(count) };
      }),
  };
}
