import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, sql } from 'drizzle-orm';
import * as client from 'openid-client';
import type { LoginOutcome, OidcRefusal } from '@goc/contracts';
import type { OidcSettings } from './settings';
import type { Db } from '../../db/client';
import { apiKeys, oidcIdentities, oidcSignIns, users } from '../../db/schema';
import { recordAudit } from '../../lib/audit';
import type { SessionOrigin } from '../../lib/sessions';
import { secondFactorStep, startChallenge } from './mfa-challenges';
import type { AuthService } from './service';

/*
 * Sign-in with the company's account (OpenID Connect, authorization code with PKCE, state and nonce;
 * openid-client checks the ID token's signature, iss, aud, exp and nonce). A first sign-in links the
 * provider's (issuer, sub) to the active GOC user whose verified e-mail it carries, in an allowed
 * domain; it never creates a user nor grants anything. The SPA receives no token in a URL: the
 * callback hands it a single-use code it exchanges by POST for the SPEC's login answer.
 */

export class OidcRefused extends Error {
  constructor(readonly reason: OidcRefusal, readonly detail: string) {
    super(detail);
  }
}

/** The authorization request lives this long (the person signs in at the provider meanwhile)… */
const SIGN_IN_TTL_MS = 10 * 60_000;
/** …and the code the SPA exchanges this long (it posts it as the page loads). */
const EXCHANGE_TTL_MS = 60_000;

const digest = (value: string) => createHash('sha256').update(value).digest('hex');
const randomToken = () => randomBytes(32).toString('base64url');

export function createOidcService(db: Db, auth: AuthService, settings: OidcSettings) {
  let discovered: Promise<client.Configuration> | null = null;
  /** The provider's metadata and keys, read once; a failed read is tried again at the next sign-in. */
  function configuration(): Promise<client.Configuration> {
    discovered ??= client
      .discovery(new URL(settings.issuer), settings.clientId, undefined, client.ClientSecretPost(settings.clientSecret), {
        // config.ts allows plain http only to this machine.
        ...(settings.issuer.startsWith('http://') ? { execute: [client.allowInsecureRequests] } : {}),
        timeout: 10,
      })
      .catch((error: unknown) => {
        discovered = null;
        throw error;
      });
    return discovered;
  }

  /** Where to send the browser, and the value the browser keeps (cookie) to prove it began this sign-in. */
  async function start(): Promise<{ url: string; browser: string }> {
    const config = await configuration();
    const state = client.randomState();
    const nonce = client.randomNonce();
    const codeVerifier = client.randomPKCECodeVerifier();
    const browser = randomToken();
    await db.delete(oidcSignIns).where(sql`${oidcSignIns.expiresAt} < now()`);
    await db.insert(oidcSignIns).values({
      stateHash: digest(state),
      browserHash: digest(browser),
      nonce,
      codeVerifier,
      expiresAt: new Date(Date.now() + SIGN_IN_TTL_MS),
    });
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: settings.redirectUri,
      scope: 'openid email profile',
      state,
      nonce,
      code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
    });
    return { url: url.href, browser };
  }

  /**
   * The provider sent the browser back: the state is spent at once (single use), the code exchanged
   * and the ID token checked, the user found or linked. Returns the single-use code for the SPA.
   */
  async function callback(query: string, browser: string | undefined, ip: string): Promise<string> {
    const params = new URLSearchParams(query);
    const state = params.get('state');
    if (!state || state.length > 200) throw new OidcRefused('expired', 'missing_state');
    const [pending] = await db
      .update(oidcSignIns)
      .set({ stateHash: sql`'spent:' || ${oidcSignIns.id}` })
      .where(and(eq(oidcSignIns.stateHash, digest(state)), gt(oidcSignIns.expiresAt, new Date())))
      .returning();
    if (!pending) throw new OidcRefused('expired', 'unknown_state');
    try {
      // Login CSRF: the browser that comes back must be the one that began.
      if (!browser || digest(browser) !== pending.browserHash) throw new OidcRefused('expired', 'other_browser');
      if (params.has('error')) throw new OidcRefused('failed', `provider_error:${params.get('error')?.slice(0, 100) ?? ''}`);
      const userId = await identify(await verifiedClaims(query, state, pending), ip);
      const code = randomToken();
      await db
        .update(oidcSignIns)
        .set({ exchangeHash: digest(code), userId, expiresAt: new Date(Date.now() + EXCHANGE_TTL_MS) })
        .where(eq(oidcSignIns.id, pending.id));
      return code;
    } catch (error) {
      await db.delete(oidcSignIns).where(eq(oidcSignIns.id, pending.id));
      const refusal = error instanceof OidcRefused ? error : new OidcRefused('failed', error instanceof Error ? error.message.slice(0, 300) : 'error');
      await recordAudit(db, { userId: null, action: 'auth.oidc_login_failed', entity: 'user', ip, metadata: { reason: refusal.reason, detail: refusal.detail } });
      throw refusal;
    }
  }

  async function verifiedClaims(query: string, state: string, pending: { nonce: string; codeVerifier: string }) {
    const config = await configuration();
    const current = new URL(settings.redirectUri);
    current.search = query;
    const tokens = await client.authorizationCodeGrant(config, current, {
      pkceCodeVerifier: pending.codeVerifier,
      expectedState: state,
      expectedNonce: pending.nonce,
      idTokenExpected: true,
    });
    const claims = tokens.claims();
    if (!claims) throw new OidcRefused('failed', 'no_id_token');
    return claims;
  }

  /** The GOC user of these claims: linked before by (issuer, sub), or linked now by verified e-mail. */
  async function identify(claims: client.IDToken, ip: string): Promise<number> {
    const issuer = claims.iss;
    const subject = claims.sub;
    const [linked] = await db
      .select({ userId: oidcIdentities.userId, active: users.active })
      .from(oidcIdentities)
      .innerJoin(users, eq(users.id, oidcIdentities.userId))
      .where(and(eq(oidcIdentities.issuer, issuer), eq(oidcIdentities.subject, subject)))
      .limit(1);
    if (linked) {
      if (!linked.active) throw new OidcRefused('inactive', 'inactive_user');
      await db.update(oidcIdentities).set({ lastLoginAt: new Date() }).where(and(eq(oidcIdentities.issuer, issuer), eq(oidcIdentities.subject, subject)));
      return linked.userId;
    }
    const email = typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : '';
    // Google says email_verified; Microsoft Entra ID says xms_edov (the domain's owner verified it).
    const verified = claims.email_verified === true || claims.xms_edov === true;
    if (!email || email.length > 254 || !verified) throw new OidcRefused('unverified', 'unverified_email');
    const domain = email.slice(email.lastIndexOf('@') + 1);
    if (!settings.domains.includes(domain)) throw new OidcRefused('domain', `domain_not_allowed:${domain}`);
    const candidates = await db
      .select({ id: users.id, active: users.active })
      .from(users)
      // A key's service user never signs in (docs/integrations.md).
      .where(sql`lower(${users.email}) = ${email} and not exists (select 1 from ${apiKeys} where ${apiKeys.userId} = ${users.id})`)
      .limit(2);
    const active = candidates.filter((c) => c.active);
    if (active.length === 0) throw new OidcRefused(candidates.length > 0 ? 'inactive' : 'nouser', candidates.length > 0 ? 'inactive_user' : 'no_user');
    // Two users with one address: which one is meant is not for the provider to say.
    if (candidates.length > 1) throw new OidcRefused('nouser', 'ambiguous_email');
    const userId = active[0]!.id;
    await db.transaction(async (tx) => {
      await tx.insert(oidcIdentities).values({ issuer, subject, userId, email });
      await recordAudit(tx, { userId, action: 'auth.oidc_linked', entity: 'user', entityId: userId, ip, metadata: { issuer, subject, email } });
    });
    return userId;
  }

  /**
   * The SPA's single-use code → the SPEC's login answer; or, for a user who has (or whose role
   * requires) a second factor, the same second step as after the password (the provider's word does
   * not replace GOC's second factor): `{ mfaRequired, mfaToken, methods }` or `{ mfaEnrollmentRequired, mfaToken }`.
   */
  async function exchange(code: string, origin: SessionOrigin): Promise<LoginOutcome> {
    const [claimed] = await db
      .delete(oidcSignIns)
      .where(and(eq(oidcSignIns.exchangeHash, digest(code)), gt(oidcSignIns.expiresAt, new Date())))
      .returning({ userId: oidcSignIns.userId });
    if (!claimed?.userId) throw new OidcRefused('expired', 'unknown_code');
    const userId = claimed.userId;
    const now = new Date();
    const outcome = await db.transaction(async (tx) => {
      const [user] = await tx.select({ active: users.active }).from(users).where(eq(users.id, userId)).for('update').limit(1);
      if (!user?.active) throw new OidcRefused('inactive', 'inactive_user');
      const step = await secondFactorStep(tx, userId);
      return step ? { step, issued: null } : { step: null, issued: await auth.issueSession(tx, userId, origin, now, 'oidc') };
    });
    if (outcome.step) return startChallenge(db, userId, outcome.step, origin.ip, now);
    return auth.sessionAnswer(userId, outcome.issued);
  }

  return { start, callback, exchange };
}
