// The built server and the scripts as real processes, for the tests of what an operator does: start
// a second server, kill one with SIGKILL, restore, back up, upgrade. Each test kills what it started
// (stopProcesses in afterEach); output is collected and awaited by text, never by time.
import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { projectRoot, serverEntry } from '@scripts/build.mjs';

export interface Running {
  child: ChildProcess;
  output(): string;
  /** Resolves with the exit code (null after a signal). */
  exited: Promise<number | null>;
  /** Resolves once the output contains `text`; rejects if the process ends first. */
  waitFor(text: string | RegExp): Promise<void>;
}

const started: ChildProcess[] = [];

/** The environment without what the test runner or the developer's shell set for the site. */
function cleanEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, ...extra };
  const names = ['HOST', 'PORT', 'PUBLIC_ORIGIN', 'ADMIN_EMAIL', 'ADMIN_PASSWORD', 'TRUST_PROXY', 'CLIENT_DIR', 'DATABASE_URL', 'NODE_ENV', 'VITEST', 'VITEST_POOL_ID', 'VITEST_WORKER_ID'];
  for (const name of names) if (!(name in extra)) delete env[name];
  return env;
}

export function runProcess(command: string, args: string[], env: Record<string, string>): Running {
  const child = spawn(command, args, { cwd: projectRoot, env: cleanEnv(env) });
  started.push(child);
  let output = '';
  const waiters: { test: (text: string) => boolean; resolve: () => void }[] = [];
  const onData = (chunk: Buffer) => {
    output += chunk.toString();
    for (const waiter of waiters.splice(0)) {
      if (waiter.test(output)) waiter.resolve();
      else waiters.push(waiter);
    }
  };
  child.stdout?.on('data', onData);
  child.stderr?.on('data', onData);
  const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  return {
    child,
    output: () => output,
    exited,
    waitFor: (text) =>
      new Promise<void>((resolve, reject) => {
        const test = (current: string) => (typeof text === 'string' ? current.includes(text) : text.test(current));
        if (test(output)) return resolve();
        waiters.push({ test, resolve });
        void exited.then(() => (test(output) ? resolve() : reject(new Error(`exited before ${String(text)}:\n${output}`))));
      }),
  };
}

/** The compiled server (npm run build first: the test's beforeAll calls ensureBuilt). */
export function startServer(env: Record<string, string>): Running {
  return runProcess(process.execPath, [serverEntry], { NODE_ENV: 'production', ...env });
}

/** `npm run <script>` without npm: tsx on scripts/<file>. */
export function runScript(file: string, args: string[], env: Record<string, string>): Running {
  return runTypeScript(path.join('scripts', file), args, env);
}

/**
 * A TypeScript file of the project run by node itself with tsx loaded (`node --import tsx`), one
 * process: the tsx command would start node as a child of its own, which a SIGKILL to it (a test's
 * kill -9, stopProcesses) leaves running, orphaned, after the test.
 */
export function runTypeScript(file: string, args: string[], env: Record<string, string>): Running {
  return runProcess(process.execPath, ['--import', 'tsx', file, ...args], env);
}

/** Kills (SIGKILL) every process a test started that still runs. */
export function stopProcesses(): void {
  for (const child of started.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}

/** A port nothing listens on now (the system's pick). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (address !== null && typeof address === 'object' ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** Lines of output that are not empty. */
export function linesOf(output: string): string[] {
  return output.split('\n').filter((line) => line.trim() !== '');
}

/**
 * The server's log as `<level> <message>` lines. Every line the server writes must be one JSON
 * object of the log (server/core/log.ts): a line that is not fails the test, naming it.
 */
export function logOf(output: string): string[] {
  return linesOf(output).map((line) => {
    let record: { level?: unknown; msg?: unknown };
    try {
      record = JSON.parse(line) as typeof record;
    } catch {
      throw new Error(`not a line of the JSON log: ${line}`);
    }
    return `${String(record.level)} ${String(record.msg)}`;
  });
}
