// A real SMTP server on loopback for tests (smtp-server), and just enough MIME parsing to read what
// it received: headers, the text and HTML parts and the calendar attachment. No mocks.
import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';
import type { DB } from '@db/database';
import type { AppDeps } from '@server/core/deps';
import { startEmailSender } from '@server/email/sender';
import { saveEmailSettings, type StoredEmailSettings } from '@server/settings/settings.repository';

export interface ReceivedMail {
  mailFrom: string | null;
  rcptTo: string[];
  raw: string;
}

export interface TestSmtpServer {
  port: number;
  received: ReceivedMail[];
  logins: { username: string | null | undefined; password: string | null | undefined }[];
  close(): Promise<void>;
}

/** An SMTP error with the reply code the server sends back (e.g. 550 Mailbox unavailable). */
export function smtpError(responseCode: number, message: string): Error {
  return Object.assign(new Error(message), { responseCode });
}

export interface SmtpHooks {
  /**
   * Called with each complete message before the server answers DATA: return an error to refuse it
   * (nothing is recorded), anything else to accept and record it. `accepted` counts earlier ones.
   */
  onMessage?: (mail: ReceivedMail, accepted: number) => Error | undefined;
  /**
   * Called once a message is recorded as received (`accepted` counts it); the server's 250 answer
   * waits for the promise it returns. A test holds answers back to catch the client between the
   * server taking a message and the client hearing so.
   */
  afterAccept?: (mail: ReceivedMail, accepted: number) => Promise<void> | undefined;
  /** Listen on this port (a server that comes back where it was); a random free one by default. */
  port?: number;
}

/** A plain-text SMTP server on 127.0.0.1 and a random port (or `hooks.port`), recording what it receives. */
export async function startSmtpServer(options: Partial<SMTPServerOptions> = {}, hooks: SmtpHooks = {}): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  const logins: TestSmtpServer['logins'] = [];
  const server = new SMTPServer({
    secure: false,
    // No STARTTLS offer: the client stays in plain text, so no certificate is involved.
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      logins.push({ username: auth.username, password: auth.password });
      callback(null, { user: auth.username });
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const mail: ReceivedMail = {
          mailFrom: session.envelope.mailFrom === false ? null : session.envelope.mailFrom.address,
          rcptTo: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        };
        const refusal = hooks.onMessage?.(mail, received.length);
        if (refusal !== undefined) {
          callback(refusal);
          return;
        }
        received.push(mail);
        const held = hooks.afterAccept?.(mail, received.length);
        if (held === undefined) callback();
        else void held.then(() => callback());
      });
    },
    ...options,
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(hooks.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  return {
    port,
    received,
    logins,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Stores SMTP settings that point at `server` (no From name unless given). */
export async function useSmtpServer(db: DB, server: { port: number }, overrides: Partial<StoredEmailSettings> = {}) {
  await saveEmailSettings(db, {
    smtpHost: '127.0.0.1',
    smtpPort: server.port,
    smtpUser: null,
    smtpPassword: null,
    fromEmail: 'desk@example.com',
    fromName: null,
    ...overrides,
  });
}

export async function clearSmtpSettings(db: DB) {
  await saveEmailSettings(db, { smtpHost: null, smtpPort: 587, smtpUser: null, smtpPassword: null, fromEmail: null, fromName: null });
}

// ---- MIME, as far as the tests need it ----

export interface MimeEntity {
  headers: Record<string, string>;
  body: string;
  /** A base64 part's bytes as sent (a PDF, an image): `body` reads them as text. Empty otherwise. */
  bytes: Buffer;
  children: MimeEntity[];
}

export interface ParsedMail {
  headers: Record<string, string>;
  subject: string;
  text: string | undefined;
  html: string | undefined;
  /** The text/calendar attachment, decoded. */
  ics: string | undefined;
  icsHeaders: Record<string, string> | undefined;
  leaves: MimeEntity[];
}

function decodeBytes(bytes: number[]): string {
  return Buffer.from(bytes).toString('utf8');
}

function decodeQuotedPrintable(text: string): string {
  const joined = text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let index = 0; index < joined.length; index += 1) {
    const hex = joined.slice(index + 1, index + 3);
    if (joined[index] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      index += 2;
    } else {
      bytes.push(...Buffer.from(joined[index] ?? '', 'utf8'));
    }
  }
  return decodeBytes(bytes);
}

/** RFC 2047 encoded words (=?UTF-8?Q?...?= and =?UTF-8?B?...?=), as nodemailer writes them. */
function decodeEncodedWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_all, _charset: string, encoding: string, data: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    );
}

function parseHeaders(text: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of text.replace(/\r\n(?=[ \t])/g, '').split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return headers;
}

function parseEntity(raw: string): MimeEntity {
  const split = raw.indexOf('\r\n\r\n');
  const headers = parseHeaders(split === -1 ? raw : raw.slice(0, split));
  const rawBody = split === -1 ? '' : raw.slice(split + 4);
  const contentType = headers['content-type'] ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  if (contentType.toLowerCase().startsWith('multipart/') && boundary !== undefined) {
    const sections = rawBody.split(`--${boundary}`);
    // sections[0] is the preamble; the last one starts with '--' (the closing delimiter).
    const children = sections
      .slice(1)
      .filter((section) => !section.startsWith('--'))
      .map((section) => parseEntity(section.replace(/^\r\n/, '').replace(/\r\n$/, '')));
    return { headers, body: '', bytes: Buffer.alloc(0), children };
  }
  const encoding = (headers['content-transfer-encoding'] ?? '7bit').toLowerCase();
  const bytes = encoding === 'base64' ? Buffer.from(rawBody.replace(/\s+/g, ''), 'base64') : Buffer.alloc(0);
  const body =
    encoding === 'base64'
      ? bytes.toString('utf8')
      : encoding === 'quoted-printable'
        ? decodeQuotedPrintable(rawBody)
        : rawBody;
  return { headers, body, bytes, children: [] };
}

function leavesOf(entity: MimeEntity): MimeEntity[] {
  return entity.children.length === 0 ? [entity] : entity.children.flatMap(leavesOf);
}

export function parseMail(raw: string): ParsedMail {
  const root = parseEntity(raw);
  const leaves = leavesOf(root);
  const typeOf = (entity: MimeEntity) => (entity.headers['content-type'] ?? 'text/plain').toLowerCase();
  const calendar = leaves.find((leaf) => typeOf(leaf).startsWith('text/calendar'));
  return {
    headers: root.headers,
    subject: decodeEncodedWords(root.headers.subject ?? ''),
    text: leaves.find((leaf) => typeOf(leaf).startsWith('text/plain'))?.body,
    html: leaves.find((leaf) => typeOf(leaf).startsWith('text/html'))?.body,
    ics: calendar?.body,
    icsHeaders: calendar?.headers,
    leaves,
  };
}

/**
 * One pass of the e-mail sender (by the clock `now` when given: reminders, alerts and reports are
 * due by an injected clock): the messages `server` received during it, parsed.
 */
export async function deliverDue(deps: AppDeps, server: TestSmtpServer, now?: () => Date): Promise<ParsedMail[]> {
  const before = server.received.length;
  const sender = startEmailSender(deps, { intervalMs: null, ...(now === undefined ? {} : { now }) });
  try {
    await sender.runOnce();
  } finally {
    await sender.stop();
  }
  return server.received.slice(before).map((mail) => parseMail(mail.raw));
}

/** The unfolded lines of an iCalendar object. */
export function icsLines(ics: string): string[] {
  return ics.replace(/\r\n[ \t]/g, '').split('\r\n').filter((line) => line !== '');
}

/** The value of the first iCalendar property `name` (with or without parameters). */
export function icsProperty(ics: string, name: string): string | undefined {
  const line = icsLines(ics).find((candidate) => candidate.startsWith(`${name}:`) || candidate.startsWith(`${name};`));
  return line?.slice(line.indexOf(':') + 1);
}
