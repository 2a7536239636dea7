// settings.testEmail against a real SMTP server on loopback (smtp-server), no mocks.
import type { SMTPServerOptions } from 'smtp-server';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_SYSTEM_SETTINGS, saveSystemSettings } from '@server/repositories/settings';
import type { EmailSettingsInput } from '@server/schemas/settings';
import { createTestEnv, expectAdminOnly, expectTRPCError, roleCallers, type RoleCallers, type TestEnv } from './helpers';
import { smtpError, startSmtpServer, type TestSmtpServer } from './smtp';

/** The value of a top-level header of a raw message (headers end at the first blank line). */
function headerOf(raw: string, name: string): string | undefined {
  const headers = raw.split('\r\n\r\n')[0]?.split('\r\n') ?? [];
  const prefix = `${name.toLowerCase()}: `;
  return headers.find((line) => line.toLowerCase().startsWith(prefix))?.slice(prefix.length);
}

let env: TestEnv;
let callers: RoleCallers;
const servers: TestSmtpServer[] = [];

async function smtpServer(options: Partial<SMTPServerOptions> = {}): Promise<TestSmtpServer> {
  const server = await startSmtpServer(options);
  servers.push(server);
  return server;
}

function settingsFor(server: TestSmtpServer, overrides: Partial<EmailSettingsInput> = {}): EmailSettingsInput {
  return {
    smtpHost: '127.0.0.1',
    smtpPort: server.port,
    smtpUser: '',
    fromEmail: 'desk@example.com',
    fromName: 'Bookings Desk',
    ...overrides,
  };
}

beforeEach(async () => {
  env = await createTestEnv();
  callers = await roleCallers(env);
  await saveSystemSettings(env.db, { ...DEFAULT_SYSTEM_SETTINGS, siteName: 'Accra Bridge Partners' });
});
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});
afterEach(() => env.close());

describe('settings.testEmail: sending', () => {
  it('sends one real message to the signed-in admin, from the configured sender', async () => {
    const server = await smtpServer();
    const adminEmail = callers.adminAccount.user.email;
    await expect(callers.admin.settings.testEmail(settingsFor(server))).resolves.toEqual({ sent: true, to: adminEmail });

    expect(server.received).toHaveLength(1);
    const [mail] = server.received;
    expect(mail?.mailFrom).toBe('desk@example.com');
    expect(mail?.rcptTo).toEqual([adminEmail]);
    const raw = mail?.raw ?? '';
    expect(headerOf(raw, 'Subject')).toBe('Test email from Accra Bridge Partners');
    expect(headerOf(raw, 'From')).toBe('Bookings Desk <desk@example.com>');
    expect(headerOf(raw, 'To')).toBe(adminEmail);
    expect(raw).toContain('Content-Type: text/plain');
    expect(raw).toContain('Content-Type: text/html');
    expect(raw).toContain('This is a test email from Accra Bridge Partners.');
    expect(raw).toContain('<strong>Accra Bridge Partners</strong>');
  });

  it('keeps it for admins: anonymous and users are refused and nothing is sent', async () => {
    const server = await smtpServer();
    await expectAdminOnly(callers, (c) => c.settings.testEmail(settingsFor(server)));
    expect(server.received).toHaveLength(0);
  });

  it('uses the settings on screen without saving them', async () => {
    const server = await smtpServer();
    await callers.admin.settings.updateEmail({ smtpHost: 'smtp.example.com', smtpPort: 2525, fromEmail: 'saved@example.com' });
    await callers.admin.settings.testEmail(settingsFor(server));
    expect(server.received[0]?.mailFrom).toBe('desk@example.com');
    expect((await callers.admin.settings.get()).email).toMatchObject({ smtpHost: 'smtp.example.com', smtpPort: 2525, fromEmail: 'saved@example.com' });
  });

  it('signs in with the stored password when none is on screen, and with the one on screen otherwise', async () => {
    const server = await smtpServer();
    await callers.admin.settings.updateEmail(settingsFor(server, { smtpUser: 'mailer', smtpPassword: 'stored-secret' }));
    await callers.admin.settings.testEmail(settingsFor(server, { smtpUser: 'mailer' }));
    await callers.admin.settings.testEmail(settingsFor(server, { smtpUser: 'mailer', smtpPassword: 'typed-secret' }));
    expect(server.logins).toEqual([
      { username: 'mailer', password: 'stored-secret' },
      { username: 'mailer', password: 'typed-secret' },
    ]);
    expect(server.received).toHaveLength(2);
  });
});

describe('settings.testEmail: failures', () => {
  it('reports a refused recipient as BAD_GATEWAY with the server reason', async () => {
    const server = await smtpServer({
      onRcptTo(_address, _session, callback) {
        callback(smtpError(550, 'Mailbox unavailable'));
      },
    });
    await expectTRPCError(
      callers.admin.settings.testEmail(settingsFor(server)),
      'BAD_GATEWAY',
      'Failed to send test email: 550 Mailbox unavailable',
    );
    expect(server.received).toHaveLength(0);
  });

  it('reports a refused message as BAD_GATEWAY with the server reason', async () => {
    const server = await smtpServer({
      onData(stream, _session, callback) {
        stream.resume();
        stream.on('end', () => callback(smtpError(554, 'Message rejected as spam')));
      },
    });
    await expectTRPCError(
      callers.admin.settings.testEmail(settingsFor(server)),
      'BAD_GATEWAY',
      'Failed to send test email: 554 Message rejected as spam',
    );
  });

  it('reports refused credentials as BAD_GATEWAY with the server reason', async () => {
    const server = await smtpServer({
      onAuth(_auth, _session, callback) {
        callback(smtpError(535, 'Invalid username or password'));
      },
    });
    await expectTRPCError(
      callers.admin.settings.testEmail(settingsFor(server, { smtpUser: 'mailer', smtpPassword: 'wrong' })),
      'BAD_GATEWAY',
      'Failed to send test email: 535 Invalid username or password',
    );
  });

  it('reports an unreachable server as BAD_GATEWAY', async () => {
    const server = await startSmtpServer();
    await server.close();
    const error = await expectTRPCError(callers.admin.settings.testEmail(settingsFor(server)), 'BAD_GATEWAY');
    expect(error.message).toBe(`Failed to send test email: connect ECONNREFUSED 127.0.0.1:${server.port}`);
  });

  it('asks for SMTP settings first when the host is empty', async () => {
    await expectTRPCError(
      callers.admin.settings.testEmail({ smtpHost: '  ', smtpPort: 587, fromEmail: 'desk@example.com' }),
      'BAD_REQUEST',
      'Please configure SMTP settings before testing',
    );
  });
});
