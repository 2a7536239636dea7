// A real OpenID provider on loopback for the single sign-on tests: panva's oidc-provider (the
// certified server), with its own signing key, one confidential client for the site, and accounts
// the test names. Its login screen is the test itself: `nextLogin` says who signs in there and which
// methods they used (amr), and the interaction is finished at once. `tamperIdToken` lets a test
// change the ID token the token endpoint answers, signed again with the provider's own key (a token
// for another audience, one already expired).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, type JWTPayload, SignJWT, decodeJwt, decodeProtectedHeader } from 'jose';
import Provider, { type Configuration } from 'oidc-provider';

export interface ProviderAccount {
  email: string;
  emailVerified: boolean;
  name: string;
}

export interface TestProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  accounts: Map<string, ProviderAccount>;
  /** Who signs in at the provider's next login, and with which methods. */
  nextLogin: { accountId: string; amr?: string[] };
  /** Changes the next ID tokens' claims (re-signed with the provider's key); null: as issued. */
  tamperIdToken: ((claims: JWTPayload) => JWTPayload) | null;
  /** Follows the browser from the authorization URL to the site's callback address it is sent back to. */
  authorize(authorizationUrl: string): Promise<string>;
  close(): Promise<void>;
}

export async function startTestProvider(options: { redirectUri: string }): Promise<TestProvider> {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = { ...(await exportJWK(privateKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
  let handler: http.RequestListener = (_req, res) => res.end();
  const server = http.createServer((req, res) => handler(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const accounts = new Map<string, ProviderAccount>();
  const clientId = 'site';
  const clientSecret = 'site-client-secret-for-tests';
  const configuration: Configuration = {
    clients: [{ client_id: clientId, client_secret: clientSecret, redirect_uris: [options.redirectUri], grant_types: ['authorization_code'], response_types: ['code'] }],
    jwks: { keys: [jwk] },
    // amr with openid: in every ID token, as Entra ID and Okta send it.
    claims: { openid: ['sub', 'amr'], email: ['email', 'email_verified'], profile: ['name'] },
    features: { devInteractions: { enabled: false } },
    pkce: { required: () => true },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    cookies: { keys: ['test-provider-cookie-key'] },
    ttl: { Interaction: 600, Grant: 600, Session: 600, AccessToken: 600, IdToken: 600, AuthorizationCode: 60 },
    findAccount: (_ctx, sub) => {
      const account = accounts.get(sub);
      if (account === undefined) return undefined;
      return { accountId: sub, claims: () => ({ sub, email: account.email, email_verified: account.emailVerified, name: account.name }) };
    },
  };
  const provider = new Provider(issuer, configuration);

  const testProvider: TestProvider = {
    issuer,
    clientId,
    clientSecret,
    accounts,
    nextLogin: { accountId: 'nobody' },
    tamperIdToken: null,
    authorize: (url) => followToCallback(url, options.redirectUri),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };

  provider.use(async (ctx, next) => {
    await next();
    const tamper = testProvider.tamperIdToken;
    if (tamper === null || ctx.path !== '/token' || ctx.status !== 200) return;
    const body = ctx.body as { id_token?: string };
    if (body.id_token === undefined) return;
    const header = decodeProtectedHeader(body.id_token);
    body.id_token = await new SignJWT(tamper(decodeJwt(body.id_token)))
      .setProtectedHeader({ alg: header.alg ?? 'RS256', kid: jwk.kid })
      .sign(privateKey);
  });

  const callback = provider.callback();
  handler = (req, res) => {
    if (req.url?.startsWith('/interaction/') === true) {
      void finishInteraction(provider, testProvider.nextLogin, req, res).catch((error: unknown) => {
        res.statusCode = 500;
        res.end(String(error));
      });
      return;
    }
    void callback(req, res);
  };
  return testProvider;
}

/** The provider's login and consent, done by the test: the named account signs in and consents to what the site asked. */
async function finishInteraction(provider: Provider, login: TestProvider['nextLogin'], req: http.IncomingMessage, res: http.ServerResponse) {
  const details = await provider.interactionDetails(req, res);
  const clientId = String(details.params.client_id);
  const grant = new provider.Grant({ accountId: login.accountId, clientId });
  grant.addOIDCScope(String(details.params.scope));
  const grantId = await grant.save();
  await provider.interactionFinished(
    req,
    res,
    { login: { accountId: login.accountId, ...(login.amr === undefined ? {} : { amr: login.amr }) }, consent: { grantId } },
    { mergeWithLastSubmission: false },
  );
}

/** A browser at the provider: follows its redirects with its cookies until it is sent to `redirectUri`. */
async function followToCallback(start: string, redirectUri: string): Promise<string> {
  const cookies = new Map<string, string>();
  let url = start;
  for (let hop = 0; hop < 10; hop += 1) {
    if (url.startsWith(redirectUri)) return url;
    const response = await fetch(url, { redirect: 'manual', headers: { cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; ') } });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
    const location = response.headers.get('location');
    if (location === null) throw new Error(`The provider answered ${response.status} at ${url}: ${await response.text()}`);
    url = new URL(location, url).href;
  }
  throw new Error('The provider never sent the browser back to the site.');
}
