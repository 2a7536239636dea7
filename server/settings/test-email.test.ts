// settings.testEmail against a real SMTP server on loopback (smtp-server), no mocks.
// @module-tag postgres
import net, { type AddressInfo } from 'node:net';
import type { SMTPServerOptions } from 'smtp-server';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_SYSTEM_SETTINGS, saveSystemSettings } from './settings.repository';
import type { EmailSettingsInput } from './settings.schemas';
import { createTestEnv, expectAdminOnly, expectFieldErrors, expectTRPCError, roleCallers, type RoleCallers, type TestEnv } from '@tests/support/helpers';
import { smtpError, startSmtpServer, type TestSmtpServer } from '@tests/support/smtp';

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

  it('reports an unreachable server as BAD_GATEWAY, without the network detail a port scan would read', async () => {
    const server = await startSmtpServer();
    await server.close();
    const error = await expectTRPCError(callers.admin.settings.testEmail(settingsFor(server)), 'BAD_GATEWAY');
    expect(error.message).toBe('Failed to send test email: could not reach an SMTP server at that host and port.');
  });

  it('says the same of a port where something other than SMTP answers', async () => {
    const notSmtp = net.createServer((socket) => socket.end('SSH-2.0-OpenSSH_9.2p1 Debian-2\r\n'));
    await new Promise<void>((resolve) => notSmtp.listen(0, '127.0.0.1', resolve));
    try {
      const port = (notSmtp.address() as AddressInfo).port;
      const error = await expectTRPCError(
        callers.admin.settings.testEmail({ smtpHost: '127.0.0.1', smtpPort: port, fromEmail: 'desk@example.com' }),
        'BAD_GATEWAY',
      );
      expect(error.message).toBe('Failed to send test email: could not reach an SMTP server at that host and port.');
      expect(error.message).not.toContain('SSH');
    } finally {
      await new Promise((resolve) => notSmtp.close(resolve));
    }
  });

  it('asks for SMTP settings first when the host is empty', async () => {
    await expectTRPCError(
      callers.admin.settings.testEmail({ smtpHost: '  ', smtpPort: 587, fromEmail: 'desk@example.com' }),
      'BAD_REQUEST',
      'Please configure SMTP settings before testing',
    );
  });
});

describe('settings.testEmail: the stored password stays with its server', () => {
  it('asks for the password again before testing another host, port or user, and sends nothing', async () => {
    const saved = await smtpServer();
    const elsewhere = await smtpServer();
    await callers.admin.settings.updateEmail(settingsFor(saved, { smtpUser: 'mailer', smtpPassword: 'stored-secret' }));
    const changes: Partial<EmailSettingsInput>[] = [
      { smtpPort: elsewhere.port },
      { smtpHost: 'localhost' },
      { smtpUser: 'someone-else' },
    ];
    for (const change of changes) {
      await expectFieldErrors(callers.admin.settings.testEmail(settingsFor(saved, { smtpUser: 'mailer', ...change })), {
        smtpPassword: 'Enter the SMTP password again: the server or user changed.',
      });
    }
    expect(elsewhere.logins).toEqual([]);
    expect(saved.logins).toEqual([]);
    // The same server and user still use the stored password; a typed one goes anywhere.
    await callers.admin.settings.testEmail(settingsFor(saved, { smtpUser: 'mailer' }));
    await callers.admin.settings.testEmail(settingsFor(elsewhere, { smtpUser: 'mailer', smtpPassword: 'typed-secret' }));
    expect(saved.logins).toEqual([{ username: 'mailer', password: 'stored-secret' }]);
    expect(elsewhere.logins).toEqual([{ username: 'mailer', password: 'typed-secret' }]);
  });

  it('asks for it again before saving another server too, and keeps the stored settings', async () => {
    const saved = await smtpServer();
    await callers.admin.settings.updateEmail(settingsFor(saved, { smtpUser: 'mailer', smtpPassword: 'stored-secret' }));
    await expectFieldErrors(callers.admin.settings.updateEmail(settingsFor(saved, { smtpUser: 'mailer', smtpHost: 'smtp.evil.example' })), {
      smtpPassword: 'Enter the SMTP password again: the server or user changed.',
    });
    expect((await callers.admin.settings.get()).email).toMatchObject({ smtpHost: '127.0.0.1', smtpPasswordSet: true });
    // A change of sender only keeps the password.
    await callers.admin.settings.updateEmail(settingsFor(saved, { smtpUser: 'mailer', fromName: 'Front Desk' }));
    expect((await callers.admin.settings.get()).email).toMatchObject({ fromName: 'Front Desk', smtpPasswordSet: true });
  });

  it('records each test in the audit log, sent or failed, never with a password', async () => {
    const server = await smtpServer();
    await callers.admin.settings.testEmail(settingsFor(server, { smtpPassword: 'typed-secret' }));
    await server.close();
    await expectTRPCError(callers.admin.settings.testEmail(settingsFor(server)), 'BAD_GATEWAY');
    const rows = await env.db.selectFrom('auditLog').selectAll().where('action', '=', 'test-email').orderBy('createdAt').orderBy('id').execute();
    const to = callers.adminAccount.user.email;
    expect(rows.map((row) => [row.userId, row.entity, row.entityId, row.summary])).toEqual([
      [callers.adminAccount.user.id, 'settings', 'email', `test e-mail to ${to} through 127.0.0.1:${server.port}: sent`],
      [
        callers.adminAccount.user.id,
        'settings',
        'email',
        `test e-mail to ${to} through 127.0.0.1:${server.port}: failed (could not reach an SMTP server at that host and port.)`,
      ],
    ]);
    expect(JSON.stringify(rows)).not.toContain('typed-secret');
  });
});

