// The Integrations tab's Partner sites: which other sites may frame the booking widget. Saved by an
// admin (audited); read by the security headers of every widget page (frame-ancestors).
import { actorOf, recordAudit } from '@server/audit/audit.service';
import type { ServiceContext } from '@server/core/service-context';
import { readEmbedSettings, saveEmbedSettings } from './embed.repository';
import { normalisedOrigin } from '@server/shared/embed-widget';
import { EMBED_PATHS, type EmbedSettingsView, type ParsedEmbedInput } from './embed.schemas';

function viewOf(allowedOrigins: string[], config: Pick<ServiceContext['config'], 'publicOrigin'>): EmbedSettingsView {
  return { allowedOrigins, scriptUrl: `${config.publicOrigin}${EMBED_PATHS.script}` };
}

export async function getEmbedSettings(ctx: Pick<ServiceContext, 'db' | 'config'>): Promise<EmbedSettingsView> {
  return viewOf((await readEmbedSettings(ctx.db)).allowedOrigins, ctx.config);
}

/** The partner sites allowed to frame the widget pages, as frame-ancestors lists them; none by default. */
export async function allowedEmbedOrigins(ctx: Pick<ServiceContext, 'db'>): Promise<string[]> {
  return (await readEmbedSettings(ctx.db)).allowedOrigins;
}

/**
 * The partner site a public form was sent from, as stored with the booking: the widget page's
 * claim, kept only when it names an allowed partner site (else null: made on this site, or on a
 * site no longer allowed).
 */
export async function partnerOf(ctx: Pick<ServiceContext, 'db'>, claimed: string | undefined): Promise<string | null> {
  if (claimed === undefined) return null;
  const origin = normalisedOrigin(claimed);
  if (origin === null) return null;
  return (await allowedEmbedOrigins(ctx)).includes(origin) ? origin : null;
}

export async function updateEmbed(ctx: ServiceContext, input: ParsedEmbedInput): Promise<EmbedSettingsView> {
  const before = await readEmbedSettings(ctx.db);
  await ctx.db.transaction().execute(async (trx) => {
    await saveEmbedSettings(trx, { allowedOrigins: input.allowedOrigins });
    await recordAudit(trx, actorOf(ctx), { action: 'settings', entity: 'settings', entityId: 'embed', summary: embedSummary(before.allowedOrigins, input.allowedOrigins) });
  });
  return viewOf(input.allowedOrigins, ctx.config);
}

function embedSummary(before: string[], after: string[]): string {
  const added = after.filter((origin) => !before.includes(origin));
  const removed = before.filter((origin) => !after.includes(origin));
  const changes = [...added.map((origin) => `allowed ${origin}`), ...removed.map((origin) => `removed ${origin}`)];
  return `partner sites: ${changes.length === 0 ? 'saved unchanged' : changes.join(', ')}`;
}
