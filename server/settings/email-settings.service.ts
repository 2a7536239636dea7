// The site's e-mail group of the Settings screen: SMTP server and sender, and the test message.
// The SMTP password is write-only: no read ever returns it.
import type { z } from 'zod';
import type { AccountContext, AuditContext } from '@server/core/service-context';
import { InvalidInputError, UpstreamError, invalidField } from '@server/core/errors';
import { message } from '@server/shared/i18n/message';
import { actorOf, changedFields, recordAudit } from '@server/audit/audit.service';
import { escapeHtml, sendMail, testFailureReason, toMailSettings } from '@server/email/smtp';
import { SMTP_NOT_CONFIGURED_REASON } from '@server/email/enqueue.service';
import { markPendingBlocked } from '@server/email/outbox.repository';
import { getEmailSettings, getSystemSettings, saveEmailSettings, type StoredEmailSettings } from './settings.repository';
import type { emailSettingsInput } from './settings.schemas';

type EmailInput = z.output<typeof emailSettingsInput>;


/** The e-mail group as reads show it: whether a password is stored, never the password. */
export interface EmailSettingsView {
  smtpHost: string | null;
  smtpPort: number | null;
  smtpUser: string | null;
  smtpPasswordSet: boolean;
  fromEmail: string | null;
  fromName: string | null;
}

export function emailViewOf(stored: StoredEmailSettings): EmailSettingsView {
  return {
    smtpHost: stored.smtpHost,
    smtpPort: stored.smtpPort,
    smtpUser: stored.smtpUser,
    smtpPasswordSet: stored.smtpPassword !== null && stored.smtpPassword !== '',
    fromEmail: stored.fromEmail,
    fromName: stored.fromName,
  };
}

/**
 * The stored settings with the form's values; an absent password keeps the stored one, but only
 * for the server and user it was saved for. A save or a test naming another host, port or user
 * must carry the password again, so a signed-in session cannot send the stored password elsewhere.
 */
function mergeEmailSettings(stored: StoredEmailSettings, input: EmailInput): StoredEmailSettings {
  const host = (input.smtpHost ?? '').trim().toLowerCase();
  const sameServer =
    host === (stored.smtpHost ?? '').trim().toLowerCase() &&
    (input.smtpPort ?? null) === stored.smtpPort &&
    (input.smtpUser ?? '') === (stored.smtpUser ?? '');
  // Without a host nothing is sent anywhere (the settings are being cleared, or are incomplete).
  if (input.smtpPassword === undefined && stored.smtpPassword !== null && host !== '' && !sameServer) {
    throw invalidField('smtpPassword', 'api.email.smtpPasswordAgain');
  }
  const password = input.smtpPassword === undefined ? stored.smtpPassword : input.smtpPassword;
  return {
    smtpHost: input.smtpHost,
    smtpPort: input.smtpPort,
    smtpUser: input.smtpUser,
    smtpPassword: password === '' ? null : password,
    fromEmail: input.fromEmail,
    fromName: input.fromName,
  };
}

export async function updateEmail(ctx: AuditContext, input: EmailInput): Promise<EmailSettingsView> {
  const { db } = ctx;
  const actor = actorOf(ctx);
  const merged = await db.transaction().execute(async (trx) => {
    const stored = await getEmailSettings(trx);
    const next = mergeEmailSettings(stored, input);
    await saveEmailSettings(trx, next);
    // Nothing can be sent now: the waiting messages say why (once here, not at every sender pass).
    if (toMailSettings(next) === null) await markPendingBlocked(trx, SMTP_NOT_CONFIGURED_REASON, new Date().toISOString());
    // Field names only: the password's value never reaches the log.
    const summary = changedFields(stored, next, {
      smtpHost: 'SMTP host',
      smtpPort: 'SMTP port',
      smtpUser: 'SMTP user',
      smtpPassword: 'SMTP password',
      fromEmail: 'from email',
      fromName: 'from name',
    });
    await recordAudit(trx, actor, { action: 'settings', entity: 'settings', entityId: 'email', summary: `email: ${summary}` });
    return next;
  });
  return emailViewOf(merged);
}

/**
 * Sends one message with the settings as they are on screen (not necessarily saved) to the
 * signed-in admin, and records the attempt in the audit log whatever its outcome. A refusal or an
 * unreachable server is BAD_GATEWAY with a reason that says what failed (testFailureReason), never
 * the raw network error: the test can name any host and port, and must not serve to probe them.
 */
export async function sendTestEmail(deps: Pick<AccountContext, 'db' | 'user' | 'ip'>, input: EmailInput): Promise<{ sent: true; to: string }> {
  const to = deps.user.email;
  const actor = actorOf(deps);
  // The schema already requires a port and a from address whenever a host is given.
  const settings = toMailSettings(mergeEmailSettings(await getEmailSettings(deps.db), input));
  if (settings === null) throw new InvalidInputError('api.email.smtpNotConfigured');
  const { siteName } = await getSystemSettings(deps.db);
  const server = `${settings.smtpHost}:${settings.smtpPort}`;
  const mail = {
    to,
    subject: `Test email from ${siteName}`,
    text: `This is a test email from ${siteName}.\n\nYour SMTP settings work: this message was sent through ${server}.`,
    html:
      `<p>This is a test email from <strong>${escapeHtml(siteName)}</strong>.</p>` +
      `<p>Your SMTP settings work: this message was sent through ${escapeHtml(server)}.</p>`,
  };
  const audit = (outcome: string) =>
    recordAudit(deps.db, actor, { action: 'test-email', entity: 'settings', entityId: 'email', summary: `test e-mail to ${to} through ${server}: ${outcome}` });
  try {
    await sendMail(settings, mail);
  } catch (error) {
    const reason = testFailureReason(error);
    await audit(`failed (${reason})`);
    throw new UpstreamError(message('api.email.testFailed', { reason }), { cause: error });
  }
  await audit('sent');
  return { sent: true, to };
}
