// Two real server processes on one PostgreSQL database behind one reverse proxy, as a firm runs them
// behind Caddy or nginx: a booking race spread over both, a session signed in on one and used and
// ended on the other, and a burst of messages delivered once each to an SMTP server on loopback.
//
// Everything here is the spec's own: a throwaway PostgreSQL (scripts/pg-test-server.sh), its own
// database, an SMTP server, the two servers (production mode, the built client, one DATA_DIR), and a
// small proxy in this process that is the PUBLIC_ORIGIN of both. The proxy passes Host on and
// appends the connection's address to X-Forwarded-For (both servers trust only the proxy's address);
// it sends each request to the backend a test picks (`proxy.route`, or an `x-test-backend` header on
// the request itself), or alternates, and says which one answered in `x-served-by`. The servers
// start with no account: the first admin is made in beforeAll through the setup link that instance A
// printed, sent to instance B. Skipped only when PostgreSQL cannot be started at all (never in CI).
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { test as base, expect } from '@playwright/test';
import pg from 'pg';
import { SESSION_COOKIE } from '@server/identity/session.service';
import { parseMail, startSmtpServer, type TestSmtpServer } from '@tests/support/smtp';
import { E2E_CLIENT_DIR, E2E_PORT } from './env';
import { tomorrowAtTenUtc } from './support';

type Backend = 'A' | 'B';
const BACKENDS: Backend[] = ['A', 'B'];
const PORTS: Record<Backend, number> = { A: E2E_PORT + 1, B: E2E_PORT + 2 };
const PROXY_PORT = E2E_PORT + 3;
// The proxy reaches the servers from an address of its own (all of 127/8 is loopback on Linux), the
// only one they trust, so the visitor's address (127.0.0.1) is what X-Forwarded-For says, as with a
// proxy on another box.
const PROXY_ADDRESS = '127.0.0.2';
const ORIGIN = `http://127.0.0.1:${PROXY_PORT}`;
const DATA_DIR = path.resolve('.tmp', `e2e-instances-${E2E_PORT}`);
const ADMIN = { name: 'Instance Owner', email: 'owner@instances.example.com', password: 'instances-admin-password' };
const HOUR = 3_600_000;

let pgServerUrl: string | undefined;
// Set by beforeAll; afterAll also runs when beforeAll skipped or failed early, so it checks each.
let database: pg.Pool;
let smtp: TestSmtpServer;
let proxy: Proxy;
const instances: Instance[] = [];
let adminCookie = '';

/** Only the proxy's origin is reachable from the page; anything else (map tiles) is aborted. */
const test = base.extend({
  page: async ({ page }, use) => {
    await page.route('**/*', (route) => (route.request().url().startsWith(ORIGIN) ? route.continue() : route.abort('blockedbyclient')));
    await use(page);
  },
});
test.use({ baseURL: ORIGIN });

// ---- the reverse proxy ----

interface Proxy {
  /** Where requests without an x-test-backend header go: one backend, or each in turn. */
  route: Backend | 'alternate';
  /** The paths each backend answered, in order (reset by the tests that count them). */
  served: Record<Backend, string[]>;
  close(): Promise<void>;
}

const HOP_BY_HOP = ['connection', 'keep-alive', 'proxy-connection', 'upgrade', 'te', 'trailer'];

function withoutHopByHop(headers: http.IncomingHttpHeaders): http.OutgoingHttpHeaders {
  const copy: http.OutgoingHttpHeaders = { ...headers };
  for (const name of HOP_BY_HOP) delete copy[name];
  return copy;
}

async function startProxy(): Promise<Proxy> {
  let turn = 0;
  const proxy: Proxy = { route: 'A', served: { A: [], B: [] }, close: () => Promise.resolve() };
  const server = http.createServer((request, response) => {
    const asked = request.headers['x-test-backend'];
    const backend: Backend =
      asked === 'A' || asked === 'B' ? asked : proxy.route === 'alternate' ? (BACKENDS[turn++ % 2] as Backend) : proxy.route;
    proxy.served[backend].push(request.url ?? '');
    const headers = withoutHopByHop(request.headers);
    delete headers['x-test-backend'];
    // What nginx's `proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for` does; Host stays.
    const earlier = request.headers['x-forwarded-for'];
    headers['x-forwarded-for'] = [earlier, request.socket.remoteAddress].filter((part) => part !== undefined).join(', ');
    headers['x-forwarded-proto'] = 'http';
    const upstream = http.request(
      { host: '127.0.0.1', localAddress: PROXY_ADDRESS, port: PORTS[backend], method: request.method, path: request.url, headers },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, { ...withoutHopByHop(answer.headers), 'x-served-by': backend });
        answer.pipe(response);
      },
    );
    upstream.on('error', (error) => {
      if (!response.headersSent) response.writeHead(502, { 'content-type': 'text/plain', 'x-served-by': backend });
      response.end(`proxy: ${error.message}`);
    });
    request.pipe(upstream);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(PROXY_PORT, '127.0.0.1', () => resolve());
  });
  proxy.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return proxy;
}

// ---- the two server processes ----

interface Instance {
  name: Backend;
  child: ChildProcess;
  /** The setup link it printed (no account existed when it started), if any. */
  setupLink: string | undefined;
  output: string[];
}

/** A log line's message: the `msg` of a JSON line, else the line itself. */
function messageOf(line: string): string {
  try {
    const parsed: unknown = JSON.parse(line);
    if (typeof parsed === 'object' && parsed !== null && 'msg' in parsed && typeof parsed.msg === 'string') return parsed.msg;
  } catch {
    // a plain line
  }
  return line;
}

/** Starts one server and resolves once it says it is running; rejects if it exits first. */
function startInstance(name: Backend, databaseUrl: string): Promise<Instance> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(PORTS[name]),
    HOST: '127.0.0.1',
    DATA_DIR,
    CLIENT_DIR: E2E_CLIENT_DIR,
    DATABASE_URL: databaseUrl,
    PUBLIC_ORIGIN: ORIGIN,
    TRUST_PROXY: PROXY_ADDRESS,
    LOG_LEVEL: 'warn',
  };
  delete env.ADMIN_EMAIL;
  delete env.ADMIN_PASSWORD;
  // One node process with tsx's loader (no wrapper process), so SIGTERM reaches the server itself.
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  const instance: Instance = { name, child, setupLink: undefined, output: [] };
  // Known to afterAll at once, so a process is stopped even when the other one failed to start.
  instances.push(instance);
  return new Promise<Instance>((resolve, reject) => {
    let pending = '';
    child.stdout?.setEncoding('utf8');
    child.stdout?.on('data', (chunk: string) => {
      pending += chunk;
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        instance.output.push(line);
        // The server logs one JSON object a line: the message holds the setup link and says when it runs.
        const message = messageOf(line);
        const link = /(http\S+\/admin\/setup\?token=\S+)/.exec(message)?.[1];
        if (link !== undefined) instance.setupLink = link;
        if (message.startsWith('Site running at ')) resolve(instance);
      }
    });
    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (chunk: string) => instance.output.push(chunk));
    child.once('exit', (code) => reject(new Error(`instance ${name} exited with ${code}:\n${instance.output.join('\n')}`)));
  });
}

/** SIGTERM, as a service manager sends it, and the exit code once the process is gone. */
async function stopInstance(instance: Instance): Promise<number | null> {
  if (instance.child.exitCode !== null) return instance.child.exitCode;
  const exited = new Promise<number | null>((resolve) => instance.child.once('exit', (code) => resolve(code)));
  instance.child.kill('SIGTERM');
  return exited;
}

// ---- the API through the proxy ----

interface Answer<T> {
  data: T;
  servedBy: Backend;
}

async function call<T>(
  procedure: string,
  options: { input?: unknown; mutation?: boolean; cookie?: string; backend?: Backend; headers?: Record<string, string> } = {},
): Promise<Answer<T> & { setCookie: string | null }> {
  const headers: Record<string, string> = { origin: ORIGIN, ...options.headers };
  if (options.cookie !== undefined) headers.cookie = options.cookie;
  if (options.backend !== undefined) headers['x-test-backend'] = options.backend;
  const search = !options.mutation && options.input !== undefined ? `?input=${encodeURIComponent(JSON.stringify(options.input))}` : '';
  const response = await fetch(`${ORIGIN}/api/trpc/${procedure}${search}`, {
    method: options.mutation ? 'POST' : 'GET',
    headers: options.mutation ? { ...headers, 'content-type': 'application/json' } : headers,
    ...(options.mutation ? { body: JSON.stringify(options.input ?? {}) } : {}),
  });
  const body = (await response.json()) as { result?: { data: T }; error?: { message: string } };
  if (!response.ok || body.result === undefined) {
    throw new Error(`${procedure} failed (${response.status}): ${body.error?.message ?? 'no message'}`);
  }
  return { data: body.result.data, servedBy: response.headers.get('x-served-by') as Backend, setCookie: response.headers.get('set-cookie') };
}

const mutate = <T>(procedure: string, input: unknown, options: { cookie?: string; backend?: Backend; headers?: Record<string, string> } = {}) =>
  call<T>(procedure, { ...options, input, mutation: true });

/** A new active event with one session of `capacity` seats and one slot tomorrow, made by the admin. */
async function createSlot(title: string, capacity: number | null): Promise<string> {
  const event = await mutate<{ id: string }>(
    'events.create',
    {
      title,
      description: 'Two instances, one database.',
      date: '1 MARCH, 2031',
      location: 'Accra',
      imageUrl: '/seed/events/west-africa-summit.svg',
      benefits: [],
      isActive: true,
      displayOrder: 1,
    },
    { cookie: adminCookie },
  );
  const start = tomorrowAtTenUtc();
  const session = await mutate<{ timeSlots: { id: string }[] }>(
    'sessions.create',
    {
      eventId: event.data.id,
      title: `${title} Workshop`,
      location: 'Room A',
      maxParticipants: capacity,
      isActive: true,
      timeSlots: [{ startTime: new Date(start).toISOString(), endTime: new Date(start + 2 * HOUR).toISOString() }],
      delegates: [],
    },
    { cookie: adminCookie },
  );
  const slot = session.data.timeSlots[0];
  if (slot === undefined) throw new Error('sessions.create returned no time slot');
  return slot.id;
}

// ---- the whole set-up, once for the file ----

test.beforeAll(async () => {
  // Installing PostgreSQL (CI, first run) and two cold starts take longer than one test.
  test.setTimeout(240_000);
  try {
    pgServerUrl = execFileSync('bash', ['scripts/pg-test-server.sh', 'start'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    }).trim();
  } catch (error) {
    // CI installs and starts PostgreSQL (the script uses apt-get when it is missing): there it must run.
    if (process.env.CI !== undefined && process.env.CI !== '' && process.env.CI !== 'false') throw error;
    const reason = error instanceof Error ? error.message.split('\n').slice(0, 3).join(' ') : String(error);
    test.skip(true, `PostgreSQL could not be started (scripts/pg-test-server.sh start: ${reason})`);
    return;
  }
  const maintenance = new pg.Client({ connectionString: pgServerUrl });
  await maintenance.connect();
  await maintenance.query('create database site_e2e_instances');
  await maintenance.end();
  const url = new URL(pgServerUrl);
  url.pathname = '/site_e2e_instances';
  const databaseUrl = url.toString();
  database = new pg.Pool({ connectionString: databaseUrl, max: 2 });

  fs.rmSync(DATA_DIR, { recursive: true, force: true });
  smtp = await startSmtpServer();
  proxy = await startProxy();
  // Started together, as after a deploy: they migrate the same new database side by side.
  const [a, b] = await Promise.all(BACKENDS.map((name) => startInstance(name, databaseUrl)));
  if (a?.setupLink === undefined || b?.setupLink === undefined) throw new Error('both instances must print a setup link');
  if (a.setupLink === b.setupLink) throw new Error('the two instances printed the same setup link');

  // The link A printed, opened through the proxy while it sends the request to B.
  const token = new URL(a.setupLink).searchParams.get('token') ?? '';
  expect(a.setupLink).toBe(`${ORIGIN}/admin/setup?token=${token}`);
  const setup = await mutate<{ email: string }>('auth.setupAdmin', { ...ADMIN, token }, { backend: 'B' });
  expect(setup).toMatchObject({ servedBy: 'B', data: { email: ADMIN.email } });
  adminCookie = setup.setCookie?.split(';')[0] ?? '';
  const { rows } = await database.query<{ n: string }>('select count(*) as n from setup_links');
  expect(rows[0]?.n).toBe('0');

  await mutate(
    'settings.updateEmail',
    { smtpHost: '127.0.0.1', smtpPort: smtp.port, smtpUser: null, fromEmail: 'desk@instances.example.com', fromName: null },
    { cookie: adminCookie, backend: 'A' },
  );
});

test.afterAll(async () => {
  const codes = await Promise.all(instances.splice(0).map((instance) => stopInstance(instance)));
  await (proxy as Proxy | undefined)?.close();
  await (smtp as TestSmtpServer | undefined)?.close();
  await (database as pg.Pool | undefined)?.end();
  if (pgServerUrl !== undefined) execFileSync('bash', ['scripts/pg-test-server.sh', 'stop', pgServerUrl], { stdio: 'ignore' });
  fs.rmSync(DATA_DIR, { recursive: true, force: true });
  // Each stopped cleanly on SIGTERM (exit code 0 after "Stopped.").
  expect(codes).toEqual(codes.map(() => 0));
});

test('a booking race through the proxy over both instances fills the last seats exactly and waitlists the rest', async () => {
  const CAPACITY = 8;
  const TAKEN = 3;
  const RACERS = 16;
  const slotId = await createSlot(`Race Forum ${Date.now()}`, CAPACITY);
  for (let index = 0; index < TAKEN; index += 1) {
    await mutate(
      'bookings.adminCreate',
      { timeSlotId: slotId, status: 'confirmed', participantName: `Early ${index}`, participantEmail: `early${index}@race.example.com` },
      { cookie: adminCookie },
    );
  }

  proxy.route = 'alternate';
  const answers = await Promise.all(
    Array.from({ length: RACERS }, (_, index) =>
      mutate<{ status: string }>('bookings.create', {
        timeSlotId: slotId,
        participantName: `Racer ${index}`,
        participantEmail: `racer${index}@race.example.com`,
      }),
    ),
  );
  // Both instances took part, half each.
  expect(answers.filter((answer) => answer.servedBy === 'A')).toHaveLength(RACERS / 2);
  expect(answers.filter((answer) => answer.servedBy === 'B')).toHaveLength(RACERS / 2);
  expect(answers.filter((answer) => answer.data.status === 'pending')).toHaveLength(CAPACITY - TAKEN);
  expect(answers.filter((answer) => answer.data.status === 'waitlisted')).toHaveLength(RACERS - (CAPACITY - TAKEN));

  const { rows } = await database.query<{ status: string; n: string }>(
    'select status, count(*) as n from bookings where time_slot_id = $1 group by status order by status',
    [slotId],
  );
  expect(rows).toEqual([
    { status: 'confirmed', n: String(TAKEN) },
    { status: 'pending', n: String(CAPACITY - TAKEN) },
    { status: 'waitlisted', n: String(RACERS - (CAPACITY - TAKEN)) },
  ]);
});

test('a session signed in through instance A works on B, and signing out on B ends it on A', async ({ page, context }) => {
  const contactName = `Efua Instances ${Date.now()}`;
  await mutate('contacts.submit', {
    name: contactName,
    email: 'efua@instances.example.com',
    company: 'Two Boxes Ltd',
    message: 'Hello from a visitor behind the proxy.',
  });

  proxy.route = 'A';
  proxy.served = { A: [], B: [] };
  await page.goto('/admin/login');
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL(/\/admin\/dashboard$/);
  expect(proxy.served.A.some((url) => url.startsWith('/api/trpc/auth.signIn'))).toBe(true);
  expect(proxy.served.B).toEqual([]);
  const session = (await context.cookies()).find((cookie) => cookie.name === SESSION_COOKIE);
  if (session === undefined) throw new Error('no session cookie after signing in');

  // The proxy now sends everything to B: the back office still knows the admin, and a change works.
  proxy.route = 'B';
  proxy.served = { A: [], B: [] };
  await page.goto('/admin/contacts');
  await expect(page.getByRole('heading', { name: 'Contact Management' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign Out' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Search contacts' }).fill(contactName);
  const row = page.getByRole('row').filter({ hasText: contactName });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: `New: change status of contact ${contactName}` }).click();
  await page.getByRole('menuitem', { name: 'In Progress' }).click();
  await expect(page.getByText(`Contact ${contactName} is now In Progress`)).toBeVisible();
  const { rows } = await database.query<{ status: string }>('select status from contact_forms where name = $1', [contactName]);
  expect(rows).toEqual([{ status: 'in-progress' }]);
  expect(proxy.served.A).toEqual([]);
  expect(proxy.served.B.some((url) => url.startsWith('/api/trpc/contacts.'))).toBe(true);

  await page.getByRole('button', { name: 'Sign Out' }).click();
  await page.waitForURL(/\/admin\/login$/);
  expect(proxy.served.B.some((url) => url.startsWith('/api/trpc/auth.signOut'))).toBe(true);

  // Back on A, the old cookie is nobody: the session ended in the shared database.
  proxy.route = 'A';
  await context.addCookies([session]);
  const me = await page.request.get('/api/trpc/auth.me');
  expect(me.headers()['x-served-by']).toBe('A');
  expect(await me.json()).toEqual({ result: { data: null } });
  await page.goto('/admin/dashboard');
  await page.waitForURL(/\/admin\/login\?redirect=%2Fadmin%2Fdashboard$/);
});

test('a burst of staff bookings written on both instances is delivered once each to the SMTP server', async () => {
  const BURST = 30;
  const stamp = Date.now();
  const recipients = Array.from({ length: BURST }, (_, index) => `burst${index}-${stamp}@mail.example.com`);
  const slotId = await createSlot(`Burst Forum ${stamp}`, null);

  // Half written through each instance, all at once; both senders are running and woken by them.
  const answers = await Promise.all(
    recipients.map((email, index) =>
      mutate(
        'bookings.adminCreate',
        { timeSlotId: slotId, status: 'pending', participantName: `Burst ${index}`, participantEmail: email },
        { cookie: adminCookie, backend: index % 2 === 0 ? 'A' : 'B' },
      ),
    ),
  );
  expect(answers.filter((answer) => answer.servedBy === 'A')).toHaveLength(BURST / 2);
  expect(answers.filter((answer) => answer.servedBy === 'B')).toHaveLength(BURST / 2);

  const ours = () => smtp.received.filter((mail) => mail.rcptTo.some((address) => recipients.includes(address)));
  // Every message of the burst sent and recorded as sent: nothing is left for either sender to send.
  await expect
    .poll(async () => {
      const { rows } = await database.query<{ status: string; n: string }>(
        'select status, count(*) as n from email_outbox where to_address = any($1) group by status',
        [recipients],
      );
      return rows;
    }, { timeout: 20_000 })
    .toEqual([{ status: 'sent', n: String(BURST) }]);
  const mails = ours();
  expect(mails).toHaveLength(BURST);
  const perRecipient = new Map<string, number>();
  for (const mail of mails) for (const address of mail.rcptTo) perRecipient.set(address, (perRecipient.get(address) ?? 0) + 1);
  expect([...perRecipient.keys()].sort()).toEqual([...recipients].sort());
  expect([...perRecipient.values()].every((count) => count === 1)).toBe(true);
  const messageIds = new Set(mails.map((mail) => parseMail(mail.raw).headers['message-id']));
  expect(messageIds.size).toBe(BURST);
});

test('both instances see the visitor address the proxy forwarded, never the proxy\'s or one the visitor wrote', async () => {
  const stamp = Date.now();
  const created = await Promise.all(
    BACKENDS.map((backend) =>
      mutate<{ id: string }>(
        'events.create',
        {
          title: `Forwarded ${backend} ${stamp}`,
          description: 'Who made this?',
          date: '2 MARCH, 2031',
          location: 'Lagos',
          imageUrl: '/seed/events/west-africa-summit.svg',
          benefits: [],
          isActive: false,
          displayOrder: 2,
        },
        // A made-up address before the one the proxy appends (127.0.0.1, this test's connection).
        { cookie: adminCookie, backend, headers: { 'x-forwarded-for': '203.0.113.9' } },
      ),
    ),
  );
  expect(created.map((answer) => answer.servedBy)).toEqual(BACKENDS);
  const { rows } = await database.query<{ ip: string }>(
    "select ip from audit_log where entity = 'event' and entity_id = any($1) order by entity_id",
    [created.map((answer) => answer.data.id)],
  );
  expect(rows).toEqual([{ ip: '127.0.0.1' }, { ip: '127.0.0.1' }]);
});
