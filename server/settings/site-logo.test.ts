// The firm's logo: uploaded as PNG, JPEG or WebP (checked by content like every upload), turned
// into the 32, 180 and 512 px icons with sharp when saved, and shown in the page head, the header,
// the footer and the e-mails. Without a logo the icon is the firm's initials in its colours.
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '@server/identity/session.service';
import { startEmailSender } from '@server/email/sender';
import { insertBookableSlot } from '@tests/support/fixtures';
import { callerFor, createAccount, createTestEnv, expectFieldErrors, SAME_ORIGIN, type TestAccount, type TestEnv } from '@tests/support/helpers';
import { buildPageApp } from '@tests/support/page-app';
import { parseMail, startSmtpServer, type TestSmtpServer, useSmtpServer } from '@tests/support/smtp';


/** A wide logo with transparency, as firms usually have. */
const LOGO_PNG = await sharp({ create: { width: 300, height: 120, channels: 4, background: { r: 29, g: 78, b: 216, alpha: 0.8 } } }).png().toBuffer();
const LOGO_WEBP = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#1d4ed8' } }).webp().toBuffer();
const GIF = await sharp({ create: { width: 4, height: 3, channels: 3, background: '#336699' } }).gif().toBuffer();

let env: TestEnv;
let app: FastifyInstance;
let admin: TestAccount;
let smtp: TestSmtpServer;

beforeEach(async () => {
  env = await createTestEnv();
  admin = await createAccount(env.db, 'admin');
  app = await buildPageApp(env);
  smtp = await startSmtpServer();
  await useSmtpServer(env.db, smtp);
});

afterEach(async () => {
  await app.close();
  await smtp.close();
  await env.close();
});

async function uploadLogo(content: Buffer, filename: string) {
  const boundary = '----logo-boundary';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return app.inject({
    method: 'POST',
    url: '/api/uploads?kind=logo',
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, origin: SAME_ORIGIN, cookie: `${SESSION_COOKIE}=${admin.token}` },
    payload,
  });
}

const identity = (logoUrl: string | null) => ({ siteName: 'Kestrel & Finch', addressLines: [], mapMode: 'none' as const, social: {}, logoUrl });

describe('the logo', () => {
  it('is uploaded as PNG, JPEG or WebP, checked by content', async () => {
    const png = await uploadLogo(LOGO_PNG, 'logo.png');
    expect(png.statusCode).toBe(201);
    expect(png.json<{ url: string }>().url).toMatch(/^\/uploads\/[0-9a-f]{32}\.png$/);
    const webp = await uploadLogo(LOGO_WEBP, 'logo.webp');
    expect(webp.statusCode).toBe(201);
    expect(webp.json<{ url: string }>().url).toMatch(/\.webp$/);
    const gif = await uploadLogo(GIF, 'logo.png');
    expect(gif.statusCode).toBe(415);
    expect(gif.json()).toEqual({ error: { message: 'Unsupported file type. Use PNG, JPEG or WebP.' } });
  });

  it('becomes the 32, 180 and 512 px icons, the header, footer and e-mail logo, and the link previews\' image', async () => {
    const { url } = (await uploadLogo(LOGO_PNG, 'logo.png')).json<{ url: string }>();
    await callerFor(env.deps, admin).settings.updateIdentity(identity(url));
    const base = url.replace(/\.png$/, '');
    for (const size of [32, 180, 512]) {
      const icon = await app.inject({ method: 'GET', url: `${base}-icon-${size}.png` });
      expect(icon.statusCode).toBe(200);
      expect(icon.headers['content-type']).toBe('image/png');
      const metadata = await sharp(icon.rawPayload).metadata();
      expect([metadata.format, metadata.width, metadata.height]).toEqual(['png', size, size]);
      // The home-screen icon is opaque (iOS shows transparency as black); the others keep it.
      expect(metadata.hasAlpha).toBe(size !== 180);
    }
    const home = (await app.inject({ method: 'GET', url: '/' })).body;
    expect(home).toContain(`<link rel="icon" type="image/png" sizes="32x32" href="${base}-icon-32.png" />`);
    expect(home).toContain(`<link rel="icon" type="image/png" sizes="512x512" href="${base}-icon-512.png" />`);
    expect(home).toContain(`<link rel="apple-touch-icon" sizes="180x180" href="${base}-icon-180.png" />`);
    expect(home).toContain(`<meta property="og:image" content="http://127.0.0.1:3000${base}-icon-512.png" />`);
    expect(home.match(new RegExp(`<img src="${url}" alt="" height="\\d+"`, 'g'))).toHaveLength(2); // header and footer
    expect(home).toContain(`"logo":"http://127.0.0.1:3000${url}"`);

    const { slot } = await insertBookableSlot(env.db);
    await callerFor(env.deps, null).bookings.create({ timeSlotId: slot.id, participantName: 'Ama', participantEmail: 'ama@example.com' });
    const sender = startEmailSender(env.deps, { intervalMs: null });
    try {
      await sender.runOnce();
    } finally {
      await sender.stop();
    }
    const mail = parseMail(smtp.received.find((received) => received.rcptTo.includes('ama@example.com'))?.raw ?? '');
    expect(mail.html).toContain(`<img src="http://127.0.0.1:3000${url}" alt="" height="48"`);
  });

  it('is refused when it is not an uploaded picture, or the file is gone', async () => {
    await expectFieldErrors(callerFor(env.deps, admin).settings.updateIdentity(identity('https://elsewhere.example/logo.png')), {
      logoUrl: 'Please upload the logo as a PNG, JPEG or WebP image',
    });
    await expectFieldErrors(callerFor(env.deps, admin).settings.updateIdentity(identity(`/uploads/${'a'.repeat(32)}.png`)), {
      logoUrl: 'The logo could not be read. Please upload it again.',
    });
    expect((await callerFor(env.deps, null).settings.public()).siteName).toBe('Our Firm');
  });

  it('without one, the icon is the initials on the primary colour', async () => {
    await callerFor(env.deps, admin).settings.updateIdentity(identity(null));
    const home = (await app.inject({ method: 'GET', url: '/' })).body;
    const icon = /<link rel="icon" type="image\/svg\+xml" href="data:image\/svg\+xml,([^"]+)" \/>/.exec(home);
    expect(icon).not.toBeNull();
    const svg = decodeURIComponent(icon?.[1] ?? '');
    expect(svg).toContain('<rect width="64" height="64" rx="14" fill="#0b3d5c"/>');
    expect(svg).toContain('fill="#f2b544">KF</text>');
    expect(home).toContain('>KF</text></svg><span class="');
  });
});
