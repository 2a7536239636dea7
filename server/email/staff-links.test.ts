// Every staff message (new booking and new contact notices, weekly report, system alerts) ends with
// a link to the Notifications tab of the back office's Settings, in text and HTML, just before the
// site's name. Delivered to a real SMTP server on loopback.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_SYSTEM_SETTINGS, saveSystemSettings } from '@server/settings/settings.repository';
import { noteServerStart } from '@server/monitoring/system-alerts.service';
import { startEmailSender } from './sender';
import { insertBookableSlot } from '@tests/support/fixtures';
import { createTestEnv, roleCallers, type RoleCallers, type TestEnv } from '@tests/support/helpers';
import { type ParsedMail, parseMail, startSmtpServer, type TestSmtpServer, useSmtpServer } from '@tests/support/smtp';

const SITE = 'Accra Bridge Partners';
const URL = 'http://127.0.0.1:3000/admin/settings?tab=notifications';
let env: TestEnv;
let callers: RoleCallers;
let server: TestSmtpServer;

beforeEach(async () => {
  env = await createTestEnv();
  callers = await roleCallers(env);
  await env.db.updateTable('users').set({ notifyEmail: 1, notifyNewBookings: 1, notifyNewContacts: 1, notifySystemAlerts: 1 }).execute();
  await saveSystemSettings(env.db, { ...DEFAULT_SYSTEM_SETTINGS, siteName: SITE });
  server = await startSmtpServer();
  await useSmtpServer(env.db, server);
});
afterEach(async () => {
  await server.close();
  await env.close();
});

async function staffMails(): Promise<ParsedMail[]> {
  const sender = startEmailSender(env.deps, { intervalMs: null });
  await sender.runOnce();
  await sender.stop();
  return server.received.map((mail) => parseMail(mail.raw)).filter((mail) => mail.headers.to === callers.adminAccount.user.email);
}

function expectEndsWithSettingsLink(mail: ParsedMail | undefined): void {
  const text = (mail?.text ?? '').replace(/\r\n/g, '\n').trimEnd();
  expect(text.endsWith(`Change your notification settings: ${URL}\n\n${SITE}`), text).toBe(true);
  expect(mail?.html).toContain(`<a href="${URL}" style="color:#0b3d5c;">Change your notification settings</a>`);
}

describe('staff messages end with the Notifications settings link', () => {
  it('new booking and new contact notices', async () => {
    const { slot } = await insertBookableSlot(env.db);
    await callers.anonymous.bookings.create({ timeSlotId: slot.id, participantName: 'Ama Boateng', participantEmail: 'ama@example.com' });
    await callers.anonymous.contacts.submit({ name: 'Yaw Darko', email: 'yaw@example.com', message: 'Hello there, a question.' });
    const mails = await staffMails();
    expect(mails.map((mail) => mail.subject).sort()).toEqual([
      `${SITE}: new booking from Ama Boateng`,
      `${SITE}: new contact message from Yaw Darko`,
    ]);
    for (const mail of mails) expectEndsWithSettingsLink(mail);
  });

  it('the weekly report and a system alert', async () => {
    await callers.admin.settings.sendWeeklyReport();
    await noteServerStart(env.db, env.deps.config.publicOrigin, 'web1:3000');
    await noteServerStart(env.db, env.deps.config.publicOrigin, 'web1:3000');
    const mails = await staffMails();
    expect(mails.map((mail) => mail.subject).sort()).toEqual([
      `${SITE} alert: the server restarted after an unclean stop`,
      `${SITE}: weekly report`,
    ]);
    for (const mail of mails) expectEndsWithSettingsLink(mail);
  });
});
