// Sending through the site's SMTP settings with nodemailer: the test e-mail and the e-mail outbox's
// sender both go through sendMail.
import {
  createTransport as createNodemailerTransport,
  type Mail,
  type SMTPSentMessageInfo,
  type SMTPTransportOptions,
} from 'nodemailer';
import type { StoredEmailSettings } from '@server/settings/settings.repository';

/** Connection, greeting and idle-socket limits: a wrong host or port fails in seconds, not minutes. */
export const SMTP_TIMEOUT_MS = 10_000;

/** Everything needed to send: an SMTP server and a sender. */
export interface MailSettings {
  smtpHost: string;
  smtpPort: number;
  smtpUser: string | null;
  smtpPassword: string | null;
  fromEmail: string;
  fromName: string | null;
}

export interface MailAttachment {
  filename: string;
  content: string | Buffer;
  contentType?: string;
  /** Content-ID: the HTML shows it inline as cid:<this>. */
  cid?: string;
}

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments?: MailAttachment[];
  /** A fixed Message-ID (e.g. one per outbox row), so a resent copy can be recognised; else nodemailer makes one. */
  messageId?: string;
}

export interface SentMail {
  messageId: string;
  accepted: string[];
  /** The server's final reply, e.g. '250 OK: queued'. */
  response: string;
}

/** The stored settings when they are complete enough to send, else null (mail waits in the outbox). */
export function toMailSettings(stored: StoredEmailSettings): MailSettings | null {
  if (stored.smtpHost === null || stored.smtpPort === null || stored.fromEmail === null) return null;
  return {
    smtpHost: stored.smtpHost,
    smtpPort: stored.smtpPort,
    smtpUser: stored.smtpUser,
    smtpPassword: stored.smtpPassword,
    fromEmail: stored.fromEmail,
    fromName: stored.fromName,
  };
}

function transportOptions(settings: MailSettings): SMTPTransportOptions {
  return {
    host: settings.smtpHost,
    port: settings.smtpPort,
    // 465 is implicit TLS; other ports start plain and upgrade with STARTTLS when the server offers it.
    secure: settings.smtpPort === 465,
    requireTLS: false,
    connectionTimeout: SMTP_TIMEOUT_MS,
    greetingTimeout: SMTP_TIMEOUT_MS,
    socketTimeout: SMTP_TIMEOUT_MS,
    dnsTimeout: SMTP_TIMEOUT_MS,
    ...(settings.smtpUser === null ? {} : { auth: { user: settings.smtpUser, pass: settings.smtpPassword ?? '' } }),
  };
}

export function createTransport(settings: MailSettings): Mail<SMTPSentMessageInfo, SMTPTransportOptions> {
  return createNodemailerTransport(transportOptions(settings));
}

/** Sends one message and closes the connection; rejects with nodemailer's error on any failure. */
export async function sendMail(settings: MailSettings, message: OutgoingMail): Promise<SentMail> {
  const transport = createTransport(settings);
  try {
    const info = await transport.sendMail({
      // An address object lets nodemailer quote or encode the display name as needed.
      from: settings.fromName === null ? settings.fromEmail : { name: settings.fromName, address: settings.fromEmail },
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html,
      attachments: message.attachments,
      ...(message.messageId === undefined ? {} : { messageId: message.messageId }),
    });
    return {
      messageId: info.messageId,
      accepted: info.accepted,
      response: info.response,
    };
  } finally {
    transport.close();
  }
}

/** A pooled transport: a few open connections, messages sent concurrently within them. */
export interface PooledMailer {
  send(message: OutgoingMail): Promise<SentMail>;
  close(): void;
}

function fromOf(settings: MailSettings) {
  // An address object lets nodemailer quote or encode the display name as needed.
  return settings.fromName === null ? settings.fromEmail : { name: settings.fromName, address: settings.fromEmail };
}

export function openPooledMailer(settings: MailSettings, maxConnections: number): PooledMailer {
  const transport = createNodemailerTransport({
    ...transportOptions(settings),
    pool: true,
    maxConnections,
    maxMessages: Infinity,
  });
  return {
    async send(message) {
      const info = await transport.sendMail({
        from: fromOf(settings),
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        attachments: message.attachments,
        ...(message.messageId === undefined ? {} : { messageId: message.messageId }),
      });
      return { messageId: info.messageId, accepted: info.accepted as string[], response: info.response };
    },
    close: () => transport.close(),
  };
}

/** The SMTP server's own words for a failure when it gave any, else the error's message. */
export function smtpFailureReason(error: unknown): string {
  if (error instanceof Error) {
    const response = 'response' in error ? error.response : undefined;
    if (typeof response === 'string' && response.trim() !== '') return response.trim();
    return error.message;
  }
  return String(error);
}

export { escapeHtml } from '@server/shared/html-escape';

const COULD_NOT_REACH = 'could not reach an SMTP server at that host and port.';

/**
 * Why a test message failed, for the admin who pressed Test: what went wrong, in words that do not
 * turn the test into a port scanner. A refused, silent or non-SMTP port all read the same; the
 * server's own words are passed on only once it has spoken SMTP (a refused login, sender,
 * recipient or message).
 */
export function testFailureReason(error: unknown): string {
  const code = error instanceof Error && 'code' in error ? String(error.code) : '';
  const response = error instanceof Error && 'response' in error && typeof error.response === 'string' ? error.response.trim() : '';
  const spokeSmtp = /^[2-5]\d\d[\s-]/.test(response);
  switch (code) {
    case 'EDNS':
      return 'the SMTP host name could not be found.';
    case 'ETLS':
    case 'EREQUIRETLS':
      return 'the secure connection to the SMTP server failed.';
    case 'EAUTH':
    case 'ENOAUTH':
      return spokeSmtp ? response : 'the SMTP server refused the user name or password.';
    case 'EENVELOPE':
    case 'EMESSAGE':
      return spokeSmtp ? response : 'the SMTP server refused the message.';
    default:
      return COULD_NOT_REACH;
  }
}
