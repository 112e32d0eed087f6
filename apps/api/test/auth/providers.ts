import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type JWTPayload } from 'jose';
import Provider from 'oidc-provider';

/*
 * OpenID Providers for the sign-in tests, on 127.0.0.1: a real one (the `oidc-provider` package,
 * its development login screens driven like a browser would), and a forging one whose ID tokens say
 * whatever a test wants (another audience, another issuer, expired) — what a real provider never issues.
 */

export const CLIENT = { id: 'goc-pruebas', secret: 'secreto-del-cliente-de-pruebas' };
export const REDIRECT_URI = 'http://127.0.0.1:9/api/v2/auth/oidc/callback';

/** The provider's people, by `sub`: the claims their ID token carries. */
export type Accounts = Map<string, { email?: string; email_verified?: boolean }>;

const listen = (server: Server) =>
  new Promise<string>((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)));
const closeServer = (server: Server) => new Promise<void>((resolve) => server.close(() => resolve()));

export interface RealProvider {
  issuer: string;
  accounts: Accounts;
  /** Signs `sub` in at the provider from `authorizationUrl`: the URL the provider sends the browser back to. */
  signIn(authorizationUrl: string, sub: string): Promise<URL>;
  close(): Promise<void>;
}

export async function startProvider(): Promise<RealProvider> {
  const accounts: Accounts = new Map();
  const server = createServer();
  const issuer = await listen(server);
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: CLIENT.id,
        client_secret: CLIENT.secret,
        redirect_uris: [REDIRECT_URI],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'] },
    // The scope's claims in the ID token itself, as Entra ID and Google put them.
    conformIdTokenClaims: false,
    findAccount: (_ctx, sub) => ({ accountId: sub, claims: () => ({ sub, ...accounts.get(sub) }) }),
  });
  server.on('request', provider.callback());

  async function signIn(authorizationUrl: string, sub: string): Promise<URL> {
    const jar = new Map<string, string>();
    const cookieHeader = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    let url = new URL(authorizationUrl);
    let form: Record<string, string> | null = null;
    for (let hop = 0; hop < 20; hop += 1) {
      const res = await fetch(url, {
        method: form ? 'POST' : 'GET',
        redirect: 'manual',
        headers: { cookie: cookieHeader(), ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
        ...(form ? { body: new URLSearchParams(form).toString() } : {}),
      });
      for (const line of res.headers.getSetCookie()) {
        const [pair] = line.split(';');
        const [name, ...value] = pair!.split('=');
        jar.set(name!.trim(), value.join('='));
      }
      form = null;
      const location = res.headers.get('location');
      if (location) {
        const next = new URL(location, url);
        if (next.href.startsWith(REDIRECT_URI)) return next;
        url = next;
        continue;
      }
      const page = await res.text();
      const action = /action="([^"]+)"/.exec(page)?.[1];
      if (!action) throw new Error(`the provider answered ${res.status} without a form: ${page.slice(0, 300)}`);
      form = page.includes('name="login"') ? { prompt: 'login', login: sub, password: 'x' } : { prompt: 'consent' };
      url = new URL(action, url);
    }
    throw new Error('the provider never sent the browser back');
  }

  return { issuer, accounts, signIn, close: () => closeServer(server) };
}

export interface ForgingProvider {
  issuer: string;
  /** What the next ID token says, given the authorization request's nonce. */
  claims: (nonce: string) => JWTPayload;
  close(): Promise<void>;
}

/** Discovery, keys and a token endpoint whose ID token is whatever `claims` returns. */
export async function startForgingProvider(): Promise<ForgingProvider> {
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
  const server = createServer();
  const issuer = await listen(server);
  const forging: ForgingProvider = { issuer, claims: () => ({}), close: () => closeServer(server) };
  server.on('request', (req, res) => {
    const url = new URL(req.url ?? '/', issuer);
    const json = (body: unknown) => {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(body));
    };
    if (url.pathname === '/.well-known/openid-configuration') {
      json({
        issuer,
        authorization_endpoint: `${issuer}/auth`,
        token_endpoint: `${issuer}/token`,
        jwks_uri: `${issuer}/jwks`,
        response_types_supported: ['code'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
        code_challenge_methods_supported: ['S256'],
      });
    } else if (url.pathname === '/jwks') {
      json({ keys: [jwk] });
    } else if (url.pathname === '/token' && req.method === 'POST') {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        // The code is the nonce itself: the test hands it back from the authorization URL.
        const nonce = new URLSearchParams(body).get('code') ?? '';
        void new SignJWT(forging.claims(nonce))
          .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
          .sign(privateKey)
          .then((idToken) => json({ access_token: 'a', token_type: 'Bearer', expires_in: 60, id_token: idToken }));
      });
    } else {
      res.statusCode = 404;
      res.end();
    }
  });
  return forging;
}
