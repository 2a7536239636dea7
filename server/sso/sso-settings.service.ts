// The Single sign-on tab: an admin sets the identity provider (issuer, client id and secret), the
// button's label, the e-mail domains whose staff get an account on their first sign-in, and whether
// the password form stays open to everyone or only to the owner.
import { actorOf, recordAudit } from '@server/audit/audit.service';
import { decryptSecret, encryptSecret, secretKeyOf } from '@server/calendars/calendar-secrets';
import { invalidField } from '@server/core/errors';
import type { ServiceContext } from '@server/core/service-context';
import { forgetSsoClient, ssoClient } from './sso-client';
import { findOwnerId, readSsoSettings, saveSsoSettings, type StoredSsoSettings } from './sso.repository';
import { SSO_PATHS, type SignInOptions, type SsoSettingsView, type UpdateSsoInput } from './sso.schemas';

export function redirectUriOf(config: Pick<ServiceContext['config'], 'publicOrigin'>): string {
  return `${config.publicOrigin}${SSO_PATHS.callback}`;
}

function viewOf(stored: StoredSsoSettings, config: ServiceContext['config']): SsoSettingsView {
  return {
    issuer: stored.issuer,
    clientId: stored.clientId,
    hasClientSecret: stored.clientSecret !== null,
    buttonLabel: stored.buttonLabel,
    allowedDomains: stored.allowedDomains,
    passwordSignIn: stored.passwordSignIn,
    redirectUri: redirectUriOf(config),
  };
}

export async function getSsoSettings(ctx: Pick<ServiceContext, 'db' | 'config'>): Promise<SsoSettingsView> {
  return viewOf(await readSsoSettings(ctx.db), ctx.config);
}

/** Single sign-on is on when an issuer, a client and its secret are stored. */
export function ssoEnabled(stored: StoredSsoSettings): stored is StoredSsoSettings & { clientSecret: string } {
  return stored.issuer !== '' && stored.clientId !== '' && stored.clientSecret !== null;
}

/** The secret as the provider needs it: decrypted here only, to talk to the provider. */
export function clientSettingsOf(ctx: Pick<ServiceContext, 'config'>, stored: StoredSsoSettings & { clientSecret: string }) {
  return { issuer: stored.issuer, clientId: stored.clientId, clientSecret: decryptSecret(secretKeyOf(ctx.config), stored.clientSecret) };
}

/**
 * Saves the tab. A new issuer or client is checked against the provider (its discovery document
 * must answer), so a typo shows on the form and not at the next sign-in. An absent secret keeps the
 * stored one; password sign-in can be closed only while single sign-on is on.
 */
export async function updateSso(ctx: ServiceContext, input: UpdateSsoInput): Promise<SsoSettingsView> {
  const before = await readSsoSettings(ctx.db);
  const key = secretKeyOf(ctx.config);
  const clientSecret =
    input.issuer === '' ? null : input.clientSecret === undefined || input.clientSecret === '' ? before.clientSecret : encryptSecret(key, input.clientSecret);
  const after: StoredSsoSettings = {
    issuer: input.issuer,
    clientId: input.issuer === '' ? '' : input.clientId,
    clientSecret,
    buttonLabel: input.issuer === '' ? '' : input.buttonLabel,
    allowedDomains: input.allowedDomains,
    passwordSignIn: input.passwordSignIn,
  };
  if (after.issuer !== '' && after.clientSecret === null) throw invalidField('clientSecret', 'api.sso.clientSecretRequired');
  if (!after.passwordSignIn && !ssoEnabled(after)) throw invalidField('passwordSignIn', 'api.sso.passwordNeedsSso');
  if (ssoEnabled(after)) {
    const client = clientSettingsOf(ctx, after);
    forgetSsoClient(client);
    try {
      await ssoClient(client);
    } catch (error) {
      ctx.log.warn(`Single sign-on: the issuer ${after.issuer} did not answer its discovery document: ${error instanceof Error ? error.message : String(error)}`);
      throw invalidField('issuer', 'api.sso.issuerUnreachable');
    }
  }
  await ctx.db.transaction().execute(async (trx) => {
    await saveSsoSettings(trx, after);
    await recordAudit(trx, actorOf(ctx), { action: 'settings', entity: 'settings', entityId: 'sso', summary: ssoSummary(before, after, input.clientSecret) });
  });
  return viewOf(after, ctx.config);
}

function ssoSummary(before: StoredSsoSettings, after: StoredSsoSettings, newSecret: string | undefined): string {
  if (after.issuer === '') return 'single sign-on turned off';
  const changed: string[] = [];
  if (before.issuer !== after.issuer) changed.push('issuer');
  if (before.clientId !== after.clientId) changed.push('client id');
  if (newSecret !== undefined && newSecret !== '') changed.push('client secret');
  if (before.buttonLabel !== after.buttonLabel) changed.push('button label');
  if (before.allowedDomains.join() !== after.allowedDomains.join()) changed.push('allowed domains');
  if (before.passwordSignIn !== after.passwordSignIn) changed.push(after.passwordSignIn ? 'password sign-in on' : 'password sign-in owner only');
  return `single sign-on settings: ${changed.length === 0 ? 'saved unchanged' : changed.join(', ')}`;
}

/** What the sign-in page offers: the single sign-on button, and the password form. */
export async function getSignInOptions(ctx: Pick<ServiceContext, 'db'>): Promise<SignInOptions> {
  const stored = await readSsoSettings(ctx.db);
  const enabled = ssoEnabled(stored);
  return { sso: enabled ? { label: stored.buttonLabel } : null, passwordSignIn: !enabled || stored.passwordSignIn };
}

/** Whether the account may sign in with its password: always while password sign-in is open, else the owner only. */
export async function passwordSignInAllowed(ctx: Pick<ServiceContext, 'db'>, userId: string): Promise<boolean> {
  const stored = await readSsoSettings(ctx.db);
  if (!ssoEnabled(stored) || stored.passwordSignIn) return true;
  return (await findOwnerId(ctx.db)) === userId;
}
