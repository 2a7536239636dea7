// Escaping for text placed inside an HTML message body. Apart from smtp.ts (nodemailer), so the
// message layout also runs in the browser, for the identity form's e-mail preview.
const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);
}
