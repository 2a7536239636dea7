// The partner widget's settings: the partner sites (origins) allowed to frame the widget pages.
// Shared with the browser (the Integrations tab's form).
import { z } from 'zod';
import { keyed } from '@server/shared/i18n/schema-messages';
import { normalisedOrigin } from '@server/shared/embed-widget';

/** Also shown by the form before it sends, naming the entry. */
export const ORIGIN_INVALID = keyed('api.embed.originInvalid', 'Enter a site such as https://partner.example (https://, no path)');
const TOO_MANY_ORIGINS = keyed('api.embed.tooManyOrigins', 'At most 50 partner sites');

/** The paths of the widget: the script partners paste, and the pages it frames. */
export const EMBED_PATHS = { script: '/embed.js', prefix: '/embed/', booking: '/embed/booking/', consultation: '/embed/consultation' } as const;

export const MAX_ALLOWED_ORIGINS = 50;

const allowedOrigin = z
  .string({ error: ORIGIN_INVALID })
  .max(300, ORIGIN_INVALID)
  .transform((value, ctx) => {
    const origin = normalisedOrigin(value);
    if (origin === null) {
      ctx.addIssue({ code: 'custom', message: ORIGIN_INVALID });
      return z.NEVER;
    }
    return origin;
  });

/** The Integrations tab's Partner sites: none by default, so no page of this site can be framed. */
export const updateEmbedInput = z.object({
  allowedOrigins: z
    .array(allowedOrigin, { error: ORIGIN_INVALID })
    .max(MAX_ALLOWED_ORIGINS, TOO_MANY_ORIGINS)
    // The same site typed twice (or once with a trailing slash) is kept once.
    .transform((origins) => [...new Set(origins)]),
});
export type ParsedEmbedInput = z.output<typeof updateEmbedInput>;

/**
 * The partner site a public booking form says it is framed by (the widget page's ?partner=). Never a
 * reason to refuse a booking: anything malformed reads as none, and the service keeps it only when
 * it is an allowed partner site.
 */
export const partnerInput = z.string().max(300).optional().catch(undefined);

/** A staff list's partner filter: only what was made in this partner site's widget (https://partner.example); empty: all. */
export const partnerFilterInput = z
  .string()
  .trim()
  .max(300)
  .optional()
  .transform((value) => (value === '' ? undefined : value));

/** What the tab shows: the allowed sites and the snippet's script address. */
export interface EmbedSettingsView {
  allowedOrigins: string[];
  scriptUrl: string;
}
