// HTTP side of `npm run bench`: the real site against bare Fastify baselines on the same database
// file, each server in a process of its own, loaded by autocannon from this process.
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { build } from 'esbuild';

const here = path.dirname(fileURLToPath(import.meta.url));
const projectRoot = path.resolve(here, '..', '..');

let bundledTarget: Promise<string> | undefined;

/**
 * The target as one bundled file, run by plain node as `npm start` runs the built server: running
 * it through tsx would measure the TypeScript loader too (about 65 MB more resident memory).
 */
function targetBundle(): Promise<string> {
  bundledTarget ??= (async () => {
    // Inside the project, so the bundle's imports of packages resolve to its node_modules.
    const outfile = path.join(projectRoot, 'node_modules', '.cache', 'bench', 'target.mjs');
    await build({
      absWorkingDir: projectRoot,
      entryPoints: [path.join(here, 'target.ts')],
      outfile,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20.19',
      packages: 'external',
      tsconfig: 'tsconfig.json',
      logLevel: 'warning',
    });
    return outfile;
  })();
  return bundledTarget;
}

/** Linux's USER_HZ, the unit of /proc/<pid>/stat times, is 100 on every common build. */
const CLOCK_TICKS_PER_SECOND = 100;

export interface LoadResult {
  requestsPerSecond: number;
  p99Ms: number;
  errors: number;
  non2xx: number;
  /** Peak resident memory of the server process during the load, in MB (0 where /proc is missing). */
  peakRssMb: number;
  /**
   * Server CPU time per answered request, in ms: unlike requests per second, it does not depend on
   * what else the machine runs at the time, so it compares runs on a busy machine.
   */
  cpuMsPerRequest: number;
}

export interface Target {
  url: string;
  stop(): Promise<void>;
  rssMb(): number;
  /** CPU time the server process has used so far (user + system), in ms (0 where /proc is missing). */
  cpuMs(): number;
}

export async function startTarget(kind: 'app' | 'bare', dataDir: string, port: number, extraEnv: Record<string, string> = {}): Promise<Target> {
  // BENCH_CPU_PROF=<folder>: each server writes a .cpuprofile there when it stops (a flame graph in
  // Chrome DevTools, Performance > Load profile).
  const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', '--cpu-prof-dir', process.env.BENCH_CPU_PROF] : [];
  const child: ChildProcess = spawn(process.execPath, [...profile, await targetBundle()], {
    env: { ...process.env, ...extraEnv, BENCH_TARGET: kind, BENCH_DATA_DIR: dataDir, BENCH_PORT: String(port), NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`bench target ${kind} exited with ${code}`)));
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('ready')) resolve();
    });
  });
  return {
    url: `http://127.0.0.1:${port}`,
    rssMb() {
      try {
        const match = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${child.pid}/status`, 'utf8'));
        return match?.[1] === undefined ? 0 : Number(match[1]) / 1024;
      } catch {
        return 0;
      }
    },
    cpuMs() {
      try {
        // Fields 14 and 15 of /proc/<pid>/stat (after the command name in parentheses): clock ticks.
        const fields = fs.readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
        return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND;
      } catch {
        return 0;
      }
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

export interface LoadOptions {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  /** A body per request (so each booking has its own e-mail address). */
  body?: () => string;
  connections?: number;
  seconds?: number;
}

/** Runs autocannon against one URL; a short warm-up first, which is not counted. */
export async function load(target: Target, options: LoadOptions): Promise<LoadResult> {
  const run = (seconds: number) => {
    const body = options.body;
    return autocannon({
      url: options.url,
      method: options.method ?? 'GET',
      headers: { 'content-type': 'application/json', ...options.headers },
      connections: options.connections ?? 50,
      duration: seconds,
      requests: body === undefined ? undefined : [{ setupRequest: (request) => ({ ...request, body: body() }) }],
    });
  };
  await run(2);
  let peakRssMb = 0;
  const sampler = setInterval(() => {
    peakRssMb = Math.max(peakRssMb, target.rssMb());
  }, 250);
  const cpuBefore = target.cpuMs();
  const result = await run(options.seconds ?? 8);
  const cpuMs = target.cpuMs() - cpuBefore;
  clearInterval(sampler);
  peakRssMb = Math.max(peakRssMb, target.rssMb());
  return {
    requestsPerSecond: result.requests.average,
    p99Ms: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    peakRssMb,
    cpuMsPerRequest: result.requests.total > 0 ? cpuMs / result.requests.total : 0,
  };
}
