// A real CalDAV server for tests: Debian's Radicale on loopback, with one user and a storage folder
// of its own, and a plain HTTP server on loopback for calendar feeds. Calendars are laid down as
// Radicale stores them (a folder per calendar, a .ics file per event), so a test writes exactly the
// events it checks. Radicale must be installed (apt-get install radicale; .ci/run does it).
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export interface TestRadicale {
  /** http://127.0.0.1:<port>/ */
  url: string;
  username: string;
  password: string;
  /** Creates a calendar of the user holding `events` (VEVENT blocks) and answers its address. */
  calendar(name: string, displayName: string, events: string[]): string;
  /** The .ics files the server keeps for a calendar, by file name. */
  objects(name: string): Record<string, string>;
  close(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function waitForServer(url: string, child: ChildProcess, log: () => string): Promise<void> {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    if (child.exitCode !== null) throw new Error(`radicale stopped at start: ${log()}`);
    const answered = await new Promise<boolean>((resolve) => {
      http.get(url, (response) => {
        response.resume();
        resolve(true);
      }).on('error', () => resolve(false));
    });
    if (answered) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`radicale did not answer at ${url}: ${log()}`);
}

export function vcalendar(...blocks: string[]): string {
  return ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//tests//EN', ...blocks, 'END:VCALENDAR', ''].join('\r\n');
}

export async function startRadicale(): Promise<TestRadicale> {
  try {
    execFileSync('radicale', ['--version'], { stdio: 'ignore' });
  } catch {
    throw new Error('These tests need a real CalDAV server: install Debian\'s radicale package (apt-get install -y radicale), as .ci/run does.');
  }
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'radicale-'));
  const username = 'ama';
  const password = 'app-password-1';
  fs.writeFileSync(path.join(folder, 'users'), `${username}:${password}\n`);
  const storage = path.join(folder, 'storage');
  const userDir = path.join(storage, 'collection-root', username);
  fs.mkdirSync(userDir, { recursive: true });
  const port = await freePort();
  let output = '';
  const child = spawn(
    'radicale',
    [
      '--server-hosts', `127.0.0.1:${port}`,
      '--storage-filesystem-folder', storage,
      '--auth-type', 'htpasswd',
      '--auth-htpasswd-filename', path.join(folder, 'users'),
      '--auth-htpasswd-encryption', 'plain',
      '--rights-type', 'owner_only',
      '--logging-level', 'warning',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = `http://127.0.0.1:${port}/`;
  await waitForServer(url, child, () => output);
  return {
    url,
    username,
    password,
    calendar(name, displayName, events) {
      const dir = path.join(userDir, name);
      fs.mkdirSync(dir, { recursive: true });
      fs.writeFileSync(path.join(dir, '.Radicale.props'), JSON.stringify({ tag: 'VCALENDAR', 'D:displayname': displayName, 'C:supported-calendar-component-set': 'VEVENT' }));
      events.forEach((event, index) => fs.writeFileSync(path.join(dir, `event-${index}.ics`), vcalendar(event)));
      return `${url}${username}/${name}/`;
    },
    objects(name) {
      const dir = path.join(userDir, name);
      return Object.fromEntries(fs.readdirSync(dir).filter((file) => file.endsWith('.ics')).map((file) => [file, fs.readFileSync(path.join(dir, file), 'utf8')]));
    },
    async close() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      fs.rmSync(folder, { recursive: true, force: true });
    },
  };
}

export interface TestFeedServer {
  url: string;
  /** What a path answers: a status and a body, or 'hang' (accepts, never answers). */
  routes: Map<string, { status: number; body: string; type?: string; location?: string } | 'hang'>;
  /** The paths asked for, in order. */
  requests: string[];
  close(): Promise<void>;
}

/** Calendar feeds on loopback, each path answering what `routes` says at request time. */
export async function startFeedServer(): Promise<TestFeedServer> {
  const routes: TestFeedServer['routes'] = new Map();
  const hanging = new Set<http.ServerResponse>();
  const requests: string[] = [];
  const server = http.createServer((request, response) => {
    requests.push(request.url ?? '');
    const route = routes.get(request.url ?? '');
    if (route === 'hang') {
      hanging.add(response);
      return;
    }
    if (route === undefined) {
      response.writeHead(404).end('Not found');
      return;
    }
    response.writeHead(route.status, { 'content-type': route.type ?? 'text/calendar; charset=utf-8', ...(route.location === undefined ? {} : { location: route.location }) }).end(route.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    routes,
    requests,
    async close() {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
