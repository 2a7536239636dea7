// Staff sign-in through the firm's identity provider (OpenID Connect, authorization code with PKCE,
// state and nonce, by openid-client). The start keeps the state's hash, the nonce and the PKCE
// verifier for ten minutes; the callback takes them once (a replayed state finds nothing), lets
// openid-client check the answer (issuer, audience, expiry, nonce, signature), and signs in the
// account whose verified e-mail matches, as the password form does (same session, same audit row).
import { createHash, randomBytes } from 'node:crypto';
import * as oidc from 'openid-client';
import { type AuditActor, recordAudit } from '@server/audit/audit.service';
import { UnreadableSecretError } from '@server/calendars/calendar-secrets';
import type { LimitedContext, ServiceContext } from '@server/core/service-context';
import { type SignedIn, type TwoFactorRequired, startSession } from '@server/identity/auth.service';
import { hashPassword } from '@server/identity/password';
import { startChallenge } from '@server/identity/two-factor.service';
import { findUserByEmail, insertUser, isEmailTaken } from '@server/identity/users.repository';
import { tooManyRequests } from '@server/core/errors';
import { forgetSsoClient, ssoClient } from './sso-client';
import { clientSettingsOf, redirectUriOf, ssoEnabled } from './sso-settings.service';
import { deleteExpiredSsoLogins, insertSsoLogin, readSsoSettings, takeSsoLogin } from './sso.repository';
import type { SsoFailure } from './sso.schemas';

/** How long the provider may take to send the person back. */
export const SSO_LOGIN_TTL_MS = 10 * 60_000;
const DEFAULT_RETURN = '/admin/dashboard';

/** A page of the back office to go back to (never the sign-in page or another site), as the sign-in page's ?redirect=. */
export function returnPathOf(path: string | undefined): string {
  return path !== undefined && /^\/admin\/(?!login|setup)[\w\-/]*$/.test(path) ? path : DEFAULT_RETURN;
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

export type SsoStart = { kind: 'redirect'; url: string; state: string } | { kind: 'failed'; reason: SsoFailure };

/** Starts a sign-in: where to send the browser, and the state its cookie must carry back. */
export async function startSsoSignIn(ctx: LimitedContext, input: { returnTo?: string | undefined }): Promise<SsoStart> {
  const verdict = await ctx.limits.publicReads.hitFrom('sso', ctx.ip);
  if (!verdict.allowed) throw tooManyRequests(verdict.retryAfterSeconds);
  const stored = await readSsoSettings(ctx.db);
  if (!ssoEnabled(stored)) return { kind: 'failed', reason: 'off' };
  let config: oidc.Configuration;
  try {
    config = await ssoClient(clientSettingsOf(ctx, stored));
  } catch (error) {
    ctx.log.warn(`Single sign-on: the provider ${stored.issuer} could not be reached: ${reasonOf(error)}`);
    return { kind: 'failed', reason: 'failed' };
  }
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const codeVerifier = oidc.randomPKCECodeVerifier();
  const now = Date.now();
  await deleteExpiredSsoLogins(ctx.db, new Date(now).toISOString());
  await insertSsoLogin(ctx.db, {
    stateHash: sha256(state),
    nonce,
    codeVerifier,
    returnTo: returnPathOf(input.returnTo),
    expiresAt: new Date(now + SSO_LOGIN_TTL_MS).toISOString(),
  });
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: redirectUriOf(ctx.config),
    scope: 'openid email profile',
    response_type: 'code',
    state,
    nonce,
    code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
  });
  return { kind: 'redirect', url: url.href, state };
}

export type SsoOutcome =
  | { kind: 'signed-in'; signedIn: SignedIn; returnTo: string }
  | (TwoFactorRequired & { kind: 'two-factor'; returnTo: string })
  | { kind: 'failed'; reason: SsoFailure };

/** The provider's answer, as the callback got it: its whole address and the state cookie of this browser. */
export interface SsoCallback {
  url: string;
  stateCookie: string | null;
}

/** An error and its causes in one line: openid-client's message says what failed, its cause which claim. */
function reasonOf(error: unknown): string {
  const parts: string[] = [];
  let current: unknown = error;
  while (current instanceof Error && parts.length < 4) {
    parts.push(current.message);
    current = current.cause;
  }
  return parts.length === 0 ? String(error) : parts.join(': ');
}

/** A provider's "amr" that says the person passed more than one factor there (RFC 8176). */
function didMfa(claims: oidc.IDToken): boolean {
  return Array.isArray(claims.amr) && claims.amr.includes('mfa');
}

async function refuse(ctx: ServiceContext, reason: SsoFailure, detail: string, who: { email?: string | undefined; userId?: string | undefined } = {}): Promise<SsoOutcome> {
  ctx.log.info(`Single sign-on refused (${reason}): ${detail}`);
  const actor: AuditActor = { userId: who.userId ?? null, name: null, email: who.email ?? null, ip: ctx.ip };
  const as = who.email === undefined ? '' : ` as ${who.email}`;
  await recordAudit(ctx.db, actor, { action: 'sign-in-failed', entity: 'account', entityId: who.userId ?? null, summary: `failed single sign-on${as}: ${detail}` });
  return { kind: 'failed', reason };
}

/** The e-mail and whether the provider verified it: from the ID token, else from the userinfo endpoint. */
async function emailOf(config: oidc.Configuration, tokens: oidc.TokenEndpointResponse, claims: oidc.IDToken) {
  let email = claims.email;
  let verified = claims.email_verified;
  let name = claims.name;
  if (typeof email !== 'string' && tokens.access_token !== undefined) {
    const info = await oidc.fetchUserInfo(config, tokens.access_token, claims.sub);
    email = info.email;
    verified = info.email_verified;
    name = info.name;
  }
  return { email: typeof email === 'string' ? email.toLowerCase() : null, verified: verified === true, name: typeof name === 'string' && name.trim() !== '' ? name.trim() : null };
}

/** The callback: the checks, then the account's session (or its second step). */
export async function finishSsoSignIn(ctx: LimitedContext, input: SsoCallback): Promise<SsoOutcome> {
  const stored = await readSsoSettings(ctx.db);
  if (!ssoEnabled(stored)) return refuse(ctx, 'off', 'single sign-on is off');
  const url = new URL(input.url);
  const state = url.searchParams.get('state');
  if (state === null || input.stateCookie === null || state !== input.stateCookie) {
    return refuse(ctx, 'failed', 'the state does not match the one this browser started with');
  }
  const login = await takeSsoLogin(ctx.db, sha256(state));
  if (login === undefined) return refuse(ctx, 'failed', 'unknown or already used state');
  if (Date.parse(login.expiresAt) <= Date.now()) return refuse(ctx, 'failed', 'the sign-in took longer than ten minutes');

  let client: ReturnType<typeof clientSettingsOf>;
  try {
    client = clientSettingsOf(ctx, stored);
  } catch (error) {
    if (!(error instanceof UnreadableSecretError)) throw error;
    return refuse(ctx, 'failed', 'the stored client secret no longer decrypts; enter it again in Settings');
  }
  let config: oidc.Configuration;
  let tokens: oidc.TokenEndpointResponse & oidc.TokenEndpointResponseHelpers;
  let claims: oidc.IDToken | undefined;
  try {
    config = await ssoClient(client);
    tokens = await oidc.authorizationCodeGrant(
      config,
      url,
      { pkceCodeVerifier: login.codeVerifier, expectedState: state, expectedNonce: login.nonce, idTokenExpected: true },
      { redirect_uri: redirectUriOf(ctx.config) },
    );
    claims = tokens.claims();
  } catch (error) {
    // A provider that changed its keys or endpoints is asked again at the next sign-in.
    forgetSsoClient(client);
    return refuse(ctx, 'failed', reasonOf(error));
  }
  if (claims === undefined) return refuse(ctx, 'failed', 'the provider sent no ID token');

  let person: Awaited<ReturnType<typeof emailOf>>;
  try {
    person = await emailOf(config, tokens, claims);
  } catch (error) {
    return refuse(ctx, 'failed', `userinfo: ${reasonOf(error)}`);
  }
  if (person.email === null) return refuse(ctx, 'unverified', 'the provider sent no e-mail address');
  if (!person.verified) return refuse(ctx, 'unverified', 'the provider has not verified the e-mail address', { email: person.email });

  let user = await findUserByEmail(ctx.db, person.email);
  if (user === undefined) {
    const domain = person.email.slice(person.email.lastIndexOf('@') + 1);
    if (!stored.allowedDomains.includes(domain)) return refuse(ctx, 'no-account', 'no account has this e-mail address', { email: person.email });
    user = await createAccountFromSso(ctx, person.email, person.name);
  }
  if (user.twoFactorEnabled === 1 && !didMfa(claims)) {
    return { kind: 'two-factor', twoFactorRequired: true, challenge: await startChallenge(ctx.db, user.id), returnTo: login.returnTo };
  }
  const signedIn = await startSession(ctx.db, user.id, ctx.ip, 'signed in with single sign-on');
  return { kind: 'signed-in', signedIn, returnTo: login.returnTo };
}

/**
 * First sign-in of someone from an allowed domain: an account with role user, whose password nobody
 * knows (a random one, hashed), so the password form never opens it until they set one.
 */
async function createAccountFromSso(ctx: ServiceContext, email: string, name: string | null) {
  const passwordHash = await hashPassword(randomBytes(32).toString('base64url'));
  try {
    return await ctx.db.transaction().execute(async (trx) => {
      const created = await insertUser(trx, { name: name ?? email.slice(0, email.indexOf('@')), email, passwordHash, role: 'user' });
      const actor: AuditActor = { userId: created.id, name: created.name, email, ip: ctx.ip };
      await recordAudit(trx, actor, { action: 'create', entity: 'user', entityId: created.id, summary: `account created at first single sign-on for ${email}` });
      return created;
    });
  } catch (error) {
    // The same person's first sign-in in two tabs at once: the other one created the account.
    const made = isEmailTaken(error) ? await findUserByEmail(ctx.db, email) : undefined;
    if (made === undefined) throw error;
    return made;
  }
}
