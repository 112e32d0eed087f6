import { spawn, type ChildProcess } from 'node:child_process';
import { openSync, closeSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

/*
 * Servers under test run as child processes on 127.0.0.1, their output going to a log file (a pipe
 * read by this process would steal CPU from the load generator). Every child is tracked so that an
 * interrupted run still ends them.
 */

export const HOST = '127.0.0.1';
const READY_TIMEOUT_MS = 90_000;
const STOP_TIMEOUT_MS = 15_000;

const running = new Set<ChildProcess>();

/** A port nobody listens on right now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, HOST, () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

export interface Server {
  name: string;
  child: ChildProcess;
  port: number;
  baseUrl: string;
  logFile: string;
}

function tail(file: string, lines = 30): string {
  try {
    return readFileSync(file, 'utf8').split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}

/** Starts `node <args>` and waits until `readyPath` answers 200. */
export async function startServer(options: {
  name: string;
  args: string[];
  env: Record<string, string>;
  port: number;
  readyPath: string;
  logFile: string;
}): Promise<Server> {
  const log = openSync(options.logFile, 'a');
  const child = spawn(process.execPath, options.args, {
    cwd: process.cwd(),
    env: { ...process.env, ...options.env, PORT: String(options.port), HOST },
    stdio: ['ignore', log, log],
  });
  closeSync(log);
  running.add(child);
  child.once('exit', () => running.delete(child));
  const baseUrl = `http://${HOST}:${options.port}`;
  const server: Server = { name: options.name, child, port: options.port, baseUrl, logFile: options.logFile };

  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`${options.name} exited while starting (${child.exitCode ?? child.signalCode}):\n${tail(options.logFile)}`);
    }
    try {
      const response = await fetch(`${baseUrl}${options.readyPath}`, { signal: AbortSignal.timeout(2000) });
      if (response.ok) return server;
    } catch {
      // Not listening yet.
    }
    await sleep(200);
  }
  await stopServer(server);
  throw new Error(`${options.name} did not answer within ${READY_TIMEOUT_MS / 1000} s:\n${tail(options.logFile)}`);
}

/** Peak resident set size (VmHWM) of a running process, in MiB; null where /proc is not available. */
export function peakRssMiB(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kib = /^VmHWM:\s+(\d+)\s+kB/m.exec(status)?.[1];
    return kib ? Number(kib) / 1024 : null;
  } catch {
    return null;
  }
}

/** Resets the process's peak RSS (VmHWM) to its current RSS (Linux ≥ 4.0), so the next reading is the peak since now. */
export function resetPeakRss(pid: number | undefined): void {
  if (pid !== undefined) writeFileSync(`/proc/${pid}/clear_refs`, '5');
}

/** Linux's USER_HZ: /proc reports CPU time in these ticks (100 on every mainstream architecture). */
const CLOCK_TICKS_PER_SECOND = 100;

/** CPU time (user + system, all threads) a process has used so far, in seconds; null without /proc. */
export function cpuSeconds(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may contain spaces), from field 3 on: utime is 14, stime 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND;
  } catch {
    return null;
  }
}

/** SIGTERM (the server closes its database cleanly), SIGKILL if it does not exit in time. */
export async function stopServer(server: Server): Promise<void> {
  const { child } = server;
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timedOut = await Promise.race([exited.then(() => false), sleep(STOP_TIMEOUT_MS).then(() => true)]);
  if (timedOut) {
    child.kill('SIGKILL');
    await exited;
  }
}

/** Last resort on interruption: no child outlives the benchmark. */
export function killAll(): void {
  for (const child of running) child.kill('SIGKILL');
}
