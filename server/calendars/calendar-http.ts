// Every request to a calendar server goes through here, so no one can use a connection to probe
// the network the site runs in: https only, to a public address; loopback, private, link-local and
// other special ranges are refused, as is the site itself, unless CALENDAR_ALLOW_PRIVATE_NETWORK
// allows private addresses (then plain http too, to those only). The name is resolved once and the
// connection made to the address that was checked (a DNS answer that changes between the check and
// the connection cannot send it elsewhere); each redirect is checked the same way, and credentials
// are not carried to another origin. One deadline covers the whole exchange, redirects included,
// and an answer is read up to a size limit. The result is a WHATWG Response, which tsdav takes.
import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { englishOf } from '@server/shared/i18n/catalogs';
import { type Message, message } from '@server/shared/i18n/message';

export interface CalendarHttpOptions {
  allowPrivateNetwork: boolean;
  /** The site's own origin: never a calendar. */
  publicOrigin: string;
  timeoutMs: number;
  maxBytes?: number;
}

export type CalendarHttpFailure = 'not-https' | 'bad-address' | 'private-address' | 'site-itself' | 'timeout' | 'unreachable' | 'not-found-host' | 'certificate' | 'too-large' | 'redirects';

/** A request that was refused before it left, or that failed on the way, in words a person reads. */
export class CalendarHttpError extends Error {
  override name = 'CalendarHttpError';
  constructor(
    readonly failure: CalendarHttpFailure,
    /** The words, by catalog key; `message` is their English text (stored as a connection's health). */
    readonly said: Message,
  ) {
    super(englishOf(said));
  }
}

export const DEFAULT_MAX_BYTES = 10 * 1024 * 1024;
const MAX_REDIRECTS = 5;

const SPECIAL_RANGES = (() => {
  const list = new net.BlockList();
  for (const [address, bits] of [
    ['0.0.0.0', 8],
    ['10.0.0.0', 8],
    ['100.64.0.0', 10],
    ['127.0.0.0', 8],
    ['169.254.0.0', 16],
    ['172.16.0.0', 12],
    ['192.0.0.0', 24],
    ['192.0.2.0', 24],
    ['192.88.99.0', 24],
    ['192.168.0.0', 16],
    ['198.18.0.0', 15],
    ['198.51.100.0', 24],
    ['203.0.113.0', 24],
    ['224.0.0.0', 4],
    ['240.0.0.0', 4],
  ] as const) {
    list.addSubnet(address, bits, 'ipv4');
  }
  for (const [address, bits] of [
    ['::', 128],
    ['::1', 128],
    ['64:ff9b::', 96],
    ['64:ff9b:1::', 48],
    ['100::', 64],
    ['2001:db8::', 32],
    ['2002::', 16],
    ['fc00::', 7],
    ['fe80::', 10],
    ['ff00::', 8],
  ] as const) {
    list.addSubnet(address, bits, 'ipv6');
  }
  return list;
})();

/** True for an address outside the public internet (loopback, private, link-local, reserved...). */
export function isSpecialAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 4) return SPECIAL_RANGES.check(address, 'ipv4');
  if (family !== 6) return true;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1] !== undefined) return SPECIAL_RANGES.check(mapped[1], 'ipv4');
  // ::ffff:7f00:1 is 127.0.0.1 written in hexadecimal.
  if (/^::ffff:/i.test(address)) return true;
  return SPECIAL_RANGES.check(address, 'ipv6');
}

const WORDS = {
  notHttps: message('api.calendars.notHttps'),
  badAddress: message('api.calendars.address'),
  privateAddress: message('api.calendars.privateAddress'),
  siteItself: message('api.calendars.siteItself'),
  notFoundHost: message('api.calendars.notFoundHost'),
  unreachable: message('api.calendars.unreachable'),
  certificate: message('api.calendars.certificate'),
  tooLarge: message('api.calendars.tooLarge'),
  redirects: message('api.calendars.redirects'),
  timeout: (seconds: number) => message('api.calendars.timeout', { seconds }),
} as const;

export interface CheckedTarget {
  url: URL;
  address: string;
  family: 4 | 6;
}

function hostOf(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1').toLowerCase();
}

function isSiteItself(url: URL, publicOrigin: string): boolean {
  const site = new URL(publicOrigin);
  if (url.origin === site.origin) return true;
  // A name (not an address or localhost) is the site's whatever the port: its own proxy answers there.
  const siteHost = hostOf(site);
  return net.isIP(siteHost) === 0 && siteHost !== 'localhost' && hostOf(url) === siteHost;
}

async function resolve(host: string): Promise<{ address: string; family: number }[]> {
  if (net.isIP(host) !== 0) return [{ address: host, family: net.isIP(host) }];
  try {
    return await dns.promises.lookup(host, { all: true, verbatim: true });
  } catch {
    throw new CalendarHttpError('not-found-host', WORDS.notFoundHost);
  }
}

/** Checks `text` as a calendar address and resolves it: the address to connect to, or the reason it is refused. */
export async function checkCalendarUrl(text: string, options: Pick<CalendarHttpOptions, 'allowPrivateNetwork' | 'publicOrigin'>): Promise<CheckedTarget> {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new CalendarHttpError('bad-address', WORDS.badAddress);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new CalendarHttpError('not-https', WORDS.notHttps);
  if (url.protocol === 'http:' && !options.allowPrivateNetwork) throw new CalendarHttpError('not-https', WORDS.notHttps);
  if (url.username !== '' || url.password !== '') throw new CalendarHttpError('bad-address', WORDS.badAddress);
  if (isSiteItself(url, options.publicOrigin)) throw new CalendarHttpError('site-itself', WORDS.siteItself);
  const addresses = await resolve(hostOf(url));
  const special = addresses.filter((entry) => isSpecialAddress(entry.address));
  if (special.length > 0 && !options.allowPrivateNetwork) throw new CalendarHttpError('private-address', WORDS.privateAddress);
  // Plain http is for the firm's own network only: never to the public internet.
  if (url.protocol === 'http:' && special.length < addresses.length) throw new CalendarHttpError('not-https', WORDS.notHttps);
  const first = addresses[0];
  if (first === undefined) throw new CalendarHttpError('not-found-host', WORDS.notFoundHost);
  return { url, address: first.address, family: first.family === 6 ? 6 : 4 };
}

interface RawAnswer {
  status: number;
  statusText: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

function wordsOfNetworkError(error: unknown): CalendarHttpError {
  if (error instanceof CalendarHttpError) return error;
  const code = error instanceof Error && 'code' in error ? String(error.code) : '';
  if (/CERT|SSL|TLS|SELF_SIGNED|UNABLE_TO_VERIFY|ERR_TLS/i.test(code)) return new CalendarHttpError('certificate', WORDS.certificate);
  return new CalendarHttpError('unreachable', WORDS.unreachable);
}

function send(target: CheckedTarget, method: string, headers: Record<string, string>, body: string | undefined, maxBytes: number, signal: AbortSignal): Promise<RawAnswer> {
  return new Promise((resolvePromise, reject) => {
    const transport = target.url.protocol === 'https:' ? https : http;
    const request = transport.request(
      target.url,
      {
        method,
        headers: body === undefined ? headers : { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        // Connect to the address that was checked, whatever the name resolves to now.
        lookup: (_hostname, _options, callback) => callback(null, target.address, target.family),
        signal,
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > maxBytes) {
            request.destroy(new CalendarHttpError('too-large', WORDS.tooLarge));
            return;
          }
          chunks.push(chunk);
        });
        response.on('end', () => resolvePromise({ status: response.statusCode ?? 0, statusText: response.statusMessage ?? '', headers: response.headers, body: Buffer.concat(chunks) }));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

function headersOf(init: RequestInit | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  new Headers(init?.headers).forEach((value, key) => {
    out[key] = value;
  });
  return out;
}

function bodyOf(init: RequestInit | undefined): string | undefined {
  const body = init?.body;
  if (body === undefined || body === null) return undefined;
  if (typeof body === 'string') return body;
  throw new TypeError('calendar requests send text bodies only');
}

const NO_BODY_STATUSES = new Set([101, 204, 205, 304]);

function toResponse(answer: RawAnswer, url: URL): Response {
  const headers = new Headers();
  for (const [name, value] of Object.entries(answer.headers)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
  }
  const status = answer.status >= 200 && answer.status <= 599 ? answer.status : 502;
  const response = new Response(NO_BODY_STATUSES.has(status) ? null : new Uint8Array(answer.body), { status, statusText: answer.statusText, headers });
  Object.defineProperty(response, 'url', { value: url.href });
  return response;
}

/**
 * A fetch for calendar servers with the checks above. Redirects are followed by hand (at most 5),
 * each target checked again; 303, and 301/302 of a POST, become a GET as browsers do.
 */
export function calendarFetch(options: CalendarHttpOptions): (input: string | URL | Request, init?: RequestInit) => Promise<Response> {
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  return async (input, init) => {
    const controller = new AbortController();
    const timeout = new CalendarHttpError('timeout', WORDS.timeout(Math.round((options.timeoutMs / 1000) * 10) / 10));
    const timer = setTimeout(() => controller.abort(timeout), options.timeoutMs);
    const deadline = new Promise<never>((_resolve, reject) => controller.signal.addEventListener('abort', () => reject(timeout), { once: true }));
    deadline.catch(() => undefined);
    try {
      let url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      let method = (init?.method ?? 'GET').toUpperCase();
      let headers = headersOf(init);
      let body = bodyOf(init);
      const firstOrigin = new URL(url).origin;
      for (let hop = 0; hop <= MAX_REDIRECTS; hop += 1) {
        const target = await Promise.race([checkCalendarUrl(url, options), deadline]);
        const answer = await Promise.race([send(target, method, headers, body, maxBytes, controller.signal), deadline]).catch((error: unknown) => {
          throw controller.signal.aborted ? timeout : wordsOfNetworkError(error);
        });
        const location = answer.headers.location;
        if (![301, 302, 303, 307, 308].includes(answer.status) || location === undefined) return toResponse(answer, target.url);
        url = new URL(location, target.url).href;
        if (answer.status === 303 || ((answer.status === 301 || answer.status === 302) && method === 'POST')) {
          method = 'GET';
          body = undefined;
        }
        if (new URL(url).origin !== firstOrigin) {
          // The password is for the server it was given to, not for wherever that one sends us.
          headers = Object.fromEntries(Object.entries(headers).filter(([name]) => name !== 'authorization' && name !== 'cookie'));
        }
      }
      throw new CalendarHttpError('redirects', WORDS.redirects);
    } finally {
      clearTimeout(timer);
    }
  };
}
