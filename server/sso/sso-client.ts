// The OpenID Connect client (openid-client, panva's certified relying party) for the stored settings:
// discovered once per issuer, client and secret, and again after an hour or after a failure, so a
// provider's new keys or endpoints are picked up without a restart.
import * as oidc from 'openid-client';
import { isLoopbackIssuer } from './sso.schemas';

const DISCOVERY_TTL_MS = 60 * 60_000;
/** Seconds a request to the provider may take. */
const REQUEST_TIMEOUT_S = 10;

export interface SsoClientSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
}

const cache = new Map<string, { config: Promise<oidc.Configuration>; at: number }>();

function keyOf(settings: SsoClientSettings): string {
  return JSON.stringify([settings.issuer, settings.clientId, settings.clientSecret]);
}

function discover(settings: SsoClientSettings): Promise<oidc.Configuration> {
  return oidc.discovery(new URL(settings.issuer), settings.clientId, undefined, oidc.ClientSecretBasic(settings.clientSecret), {
    // http:// is accepted for a provider on this machine only (isAcceptableIssuer).
    execute: isLoopbackIssuer(settings.issuer) ? [oidc.allowInsecureRequests] : [],
    timeout: REQUEST_TIMEOUT_S,
  });
}

/** The client for `settings`: the provider's metadata, discovered or from the last hour. */
export async function ssoClient(settings: SsoClientSettings, now = Date.now()): Promise<oidc.Configuration> {
  const key = keyOf(settings);
  const cached = cache.get(key);
  if (cached !== undefined && now - cached.at < DISCOVERY_TTL_MS) return cached.config;
  const config = discover(settings);
  cache.set(key, { config, at: now });
  try {
    return await config;
  } catch (error) {
    cache.delete(key);
    throw error;
  }
}

/** Forgets a client whose provider failed, so the next sign-in asks the provider again. */
export function forgetSsoClient(settings: SsoClientSettings): void {
  cache.delete(keyOf(settings));
}
