// One look for every message: the same content as plain text and as HTML. Every value placed in the
// HTML is escaped here, so a participant named <script> stays text.
import { escapeHtml } from './html-escape';

export interface RenderedMessage {
  subject: string;
  text: string;
  html: string;
}

export interface MessageContent {
  subject: string;
  siteName: string;
  /** The lines a message signs with: the firm's name, then its contact details. */
  signature: string[];
  /** #rrggbb (checked by the identity schema): the button's background and the links' colour. */
  primaryColor: string;
  /** The logo's absolute address, shown above the name; null without a logo. */
  logoUrl: string | null;
  greeting: string | null;
  /** Plain text; line breaks inside a paragraph are kept. */
  paragraphs: string[];
  details: [label: string, value: string][];
  link: { label: string; url: string } | null;
  /** Small print under the link. */
  notes: string[];
  /** An inline image after the details, attached to the message by Content-ID (mail clients block data: images). */
  image?: { cid: string; alt: string } | undefined;
  /** A last link after the small print: staff messages end with their notification settings. */
  endLink?: { label: string; url: string } | undefined;
  /** The message's language (`<html lang>`), when it was written in a reader's language. */
  language?: string | undefined;
}

function htmlText(text: string): string {
  return escapeHtml(text).replace(/\r\n|\r|\n/g, '<br>');
}

function renderText(content: MessageContent): string {
  const blocks: string[] = [];
  if (content.greeting !== null) blocks.push(content.greeting);
  blocks.push(...content.paragraphs);
  if (content.details.length > 0) blocks.push(content.details.map(([label, value]) => `${label}: ${value}`).join('\n'));
  if (content.link !== null) blocks.push(`${content.link.label}: ${content.link.url}`);
  blocks.push(...content.notes);
  if (content.endLink !== undefined) blocks.push(`${content.endLink.label}: ${content.endLink.url}`);
  blocks.push(content.signature.join('\n'));
  return `${blocks.join('\n\n')}\n`;
}

function renderHtml(content: MessageContent): string {
  const parts: string[] = [];
  if (content.greeting !== null) parts.push(`<p>${htmlText(content.greeting)}</p>`);
  for (const paragraph of content.paragraphs) parts.push(`<p>${htmlText(paragraph)}</p>`);
  if (content.details.length > 0) {
    const rows = content.details
      .map(
        ([label, value]) =>
          `<tr><th align="left" valign="top" style="padding:4px 16px 4px 0;color:#52606d;font-weight:normal;">${htmlText(label)}</th>` +
          `<td style="padding:4px 0;">${htmlText(value)}</td></tr>`,
      )
      .join('');
    parts.push(`<table role="presentation" style="border-collapse:collapse;margin:16px 0;">${rows}</table>`);
  }
  if (content.image !== undefined) {
    parts.push(`<p><img src="cid:${escapeHtml(content.image.cid)}" alt="${escapeHtml(content.image.alt)}" width="200" height="200" style="display:block;"></p>`);
  }
  if (content.link !== null) {
    parts.push(
      `<p><a href="${escapeHtml(content.link.url)}" style="display:inline-block;padding:10px 16px;background:${content.primaryColor};color:#ffffff;text-decoration:none;border-radius:4px;">${htmlText(content.link.label)}</a></p>`,
      `<p style="font-size:12px;color:#52606d;">${htmlText(content.link.url)}</p>`,
    );
  }
  for (const note of content.notes) parts.push(`<p style="font-size:12px;color:#52606d;">${htmlText(note)}</p>`);
  if (content.endLink !== undefined) {
    parts.push(
      `<p style="font-size:12px;color:#52606d;"><a href="${escapeHtml(content.endLink.url)}" style="color:${content.primaryColor};">${htmlText(content.endLink.label)}</a>: ${htmlText(content.endLink.url)}</p>`,
    );
  }
  return (
    `<!doctype html><html${content.language === undefined ? '' : ` lang="${escapeHtml(content.language)}"`}><head><meta charset="utf-8">` +
    `<title>${htmlText(content.subject)}</title></head>` +
    '<body style="margin:0;padding:24px;background:#f1f3f5;font-family:Arial,Helvetica,sans-serif;color:#1f2933;font-size:15px;line-height:1.5;">' +
    '<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px;">' +
    (content.logoUrl === null
      ? ''
      : `<p style="margin:0 0 8px;"><img src="${escapeHtml(content.logoUrl)}" alt="" height="48" style="height:48px;width:auto;border:0;"></p>`) +
    `<h1 style="font-size:18px;margin:0 0 16px;">${htmlText(content.siteName)}</h1>` +
    parts.join('') +
    `<p style="margin:24px 0 0;padding-top:16px;border-top:1px solid #dde3ea;font-size:13px;color:#52606d;">${content.signature.map(htmlText).join('<br>')}</p>` +
    '</div></body></html>'
  );
}

export function renderMessage(content: MessageContent): RenderedMessage {
  return { subject: content.subject, text: renderText(content), html: renderHtml(content) };
}
