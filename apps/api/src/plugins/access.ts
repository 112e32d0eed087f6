import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { can, INTEGRATION_MESSAGES, type Action, type ModuleName, type PermissionRequirement } from '@goc/contracts';
import { keptSelect } from '../db/kept-select';
import { apiKeys, refreshTokens, roleAccessVersions, users } from '../db/schema';
import { createAccessCache, type AccessCache, type SessionRow } from '../lib/access-cache';
import { hashApiKey, isApiKey, keyMayNotReach, wellFormedApiKey } from '../lib/api-keys';
import { ForbiddenError, UnauthorizedError } from '../lib/errors';
import { assertRecentlyAuthenticated, needsRecentAuthentication } from '../lib/reauth';
import { createRolePermissionCache, requestPermissions, type AuthUser } from '../lib/permissions';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Anyone, signed in or not (login, refresh, health, docs). */
    public?: true;
    /** Any signed-in, active user; no module permission (me, logout, permissions, pickers). */
    authenticated?: true;
    /** A signed-in user whose role can do this; an array means "any of them" (SPEC §6: view = any flag). */
    permission?: PermissionRequirement | readonly PermissionRequirement[];
  }
  interface FastifyInstance {
    /** The user of a live login (active, not ended), or null: what the access check accepts. */
    liveSession(userId: number, familyId: string): Promise<SessionRow | null>;
    /** Where liveSession keeps its answers (whether it can: `listening`). */
    accessCache: Pick<AccessCache, 'listening' | 'listenerName' | 'changesHeard'>;
    /** The service user of a live API key (not revoked, not expired, user active), or null. */
    liveApiKey(key: string): Promise<AuthUser | null>;
  }
}

export type RouteAccess = 'public' | 'authenticated' | 'permission';

/** Methods that never change what is stored. */
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Which of the three marks a route carries, or null when it has none (or contradictory ones). */
export function routeAccess(config: RouteOptions['config'] | undefined): RouteAccess | null {
  const marks: RouteAccess[] = [];
  if (config?.public === true) marks.push('public');
  if (config?.authenticated === true) marks.push('authenticated');
  if (config?.permission !== undefined) marks.push('permission');
  return marks.length === 1 ? (marks[0] ?? null) : null;
}

/** Only API routes must declare their access; the SPA's static files are public by nature. */
export const isApiRoute = (url: string) => url === '/api' || url.startsWith('/api/');

/** The `Authorization: Bearer …` token of a request; 401 when there is none. */
export function bearerToken(request: FastifyRequest): string {
  const header = request.headers.authorization;
  const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  if (!match?.[1]) throw new UnauthorizedError();
  return match[1];
}

/**
 * The access check's single statement: the user, when their login (refresh-token family) ends —
 * logout, deactivation and detected token reuse revoke the family, and its access tokens die with
 * it — and their role's access version, which keys the permission cache.
 */
const sessionQuery = keptSelect('goc_access_session', (db) =>
  db
    .select({
      id: users.id,
      username: users.username,
      roleId: users.roleId,
      active: users.active,
      accessVersion: sql<number>`coalesce(${roleAccessVersions.version}, 0)`.mapWith(Number),
      familyEndsAt: sql<number | null>`(${db
        .select({ ends: sql`(extract(epoch from max(${refreshTokens.familyExpiresAt})) * 1000)::float8` })
        .from(refreshTokens)
        .where(and(eq(refreshTokens.familyId, sql.placeholder('familyId')), eq(refreshTokens.userId, users.id), isNull(refreshTokens.revokedAt)))})`,
    })
    .from(users)
    .leftJoin(roleAccessVersions, eq(roleAccessVersions.roleId, users.roleId))
    .where(eq(users.id, sql.placeholder('userId')))
    .limit(1),
);

/**
 * An API key's single statement: the key's service user and role access version, read on every
 * request and on every process (never kept in memory), so a revocation refuses the very next request
 * wherever it lands.
 */
const apiKeyQuery = keptSelect('goc_access_api_key', (db) =>
  db
    .select({
      keyId: apiKeys.id,
      lastUsedAt: apiKeys.lastUsedAt,
      expiresAt: apiKeys.expiresAt,
      revokedAt: apiKeys.revokedAt,
      id: users.id,
      username: users.username,
      roleId: users.roleId,
      active: users.active,
      accessVersion: sql<number>`coalesce(${roleAccessVersions.version}, 0)`.mapWith(Number),
    })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .leftJoin(roleAccessVersions, eq(roleAccessVersions.roleId, users.roleId))
    .where(eq(apiKeys.keyHash, sql.placeholder('keyHash')))
    .limit(1),
);

/** lastUsedAt moves at most this often: a key used a thousand times a minute writes once. */
const LAST_USED_STEP_MS = 60_000;

/** Verifies the bearer and loads the user, refusing inactive users and ended sessions. */
export async function authenticate(request: FastifyRequest): Promise<AuthUser> {
  const bearer = bearerToken(request);
  if (isApiKey(bearer)) {
    const keyUser = await request.server.liveApiKey(bearer);
    if (!keyUser) throw new UnauthorizedError();
    request.user = keyUser;
    return keyUser;
  }
  const claims = await request.server.tokens.verify(bearer);
  const row = await request.server.liveSession(claims.userId, claims.familyId);
  if (!row) throw new UnauthorizedError();
  const user: AuthUser = { id: row.id, username: row.username, roleId: row.roleId, familyId: claims.familyId, accessVersion: row.accessVersion };
  request.user = user;
  return user;
}

/** A hook refusing the request (403) unless the signed-in user's role may do `action` on `module`. */
export function requirePermission(module: ModuleName, action: Action) {
  return async function permissionHook(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
    if (!can(await requestPermissions(request), module, action)) throw new ForbiddenError();
  };
}

async function enforce(request: FastifyRequest): Promise<void> {
  const config = request.routeOptions.config;
  const access = routeAccess(config);
  if (access === null) {
    // Unreachable for /api routes (refused at startup); static files and the SPA fallback need nothing.
    if (isApiRoute(request.routeOptions.url ?? '')) throw new ForbiddenError();
    return;
  }
  if (access === 'public') return;
  const user = await authenticate(request);
  if (user.apiKeyId !== undefined && keyMayNotReach(request.method, request.routeOptions.url ?? '')) throw new ForbiddenError(INTEGRATION_MESSAGES.keyManagesNothing);
  if (access === 'permission' && config.permission !== undefined) {
    const required: readonly PermissionRequirement[] = Array.isArray(config.permission)
      ? (config.permission as readonly PermissionRequirement[])
      : [config.permission as PermissionRequirement];
    const permissions = await requestPermissions(request);
    if (!required.some((r) => can(permissions, r.module, r.action))) throw new ForbiddenError();
  }
  // Sensitive changes need a recent password or second factor (lib/reauth.ts); keys never reach them.
  if (user.apiKeyId === undefined && needsRecentAuthentication(request.method, request.routeOptions.url ?? '')) {
    await assertRecentlyAuthenticated(request.server.db, user.id, user.familyId);
  }
}

/**
 * Every /api route declares `config: { public: true }`, `{ authenticated: true }` or
 * `{ permission: { module, action } }`; the app refuses to start when one does not.
 * Authentication and permission checks run in onRequest, before the body is parsed.
 */
async function accessPlugin(app: FastifyInstance): Promise<void> {
  app.decorate('rolePermissions', createRolePermissionCache());
  const accessCache = createAccessCache(app.database, app.listeners, app.log);
  app.decorate('accessCache', accessCache);
  app.decorate('liveSession', async (userId: number, familyId: string) => {
    const row = await accessCache.session(userId, familyId, async () => {
      const [found] = await sessionQuery(app.db, { userId, familyId });
      return found && { ...found, familyEndsAt: found.familyEndsAt === null ? null : Number(found.familyEndsAt) };
    });
    // The API's clock, as at login (the family's end was set from it), not the database's.
    return row && row.active && row.familyEndsAt !== null && row.familyEndsAt > Date.now() ? row : null;
  });
  app.decorate('liveApiKey', async (key: string): Promise<AuthUser | null> => {
    if (!wellFormedApiKey(key)) return null;
    const [row] = await apiKeyQuery(app.db, { keyHash: hashApiKey(key) });
    const now = Date.now();
    if (!row || row.revokedAt !== null || !row.active || (row.expiresAt !== null && row.expiresAt.getTime() <= now)) return null;
    if (row.lastUsedAt === null || now - row.lastUsedAt.getTime() >= LAST_USED_STEP_MS) {
      // Bookkeeping, not part of the request: a failure is logged, never refused.
      app.db
        .update(apiKeys)
        .set({ lastUsedAt: new Date(now) })
        .where(and(eq(apiKeys.id, row.keyId), sql`(${apiKeys.lastUsedAt} is null or ${apiKeys.lastUsedAt} < ${new Date(now - LAST_USED_STEP_MS)})`))
        .catch((err: unknown) => app.log.warn({ err }, 'No se pudo anotar el último uso de una clave API'));
    }
    return { id: row.id, username: row.username, roleId: row.roleId, familyId: `api-key:${row.keyId}`, accessVersion: row.accessVersion, apiKeyId: row.keyId };
  });
  app.decorateRequest('user', null as unknown as AuthUser);
  app.decorateRequest('permissions', null);

  const declared: RouteOptions[] = [];
  app.addHook('onRoute', (route) => {
    if (isApiRoute(route.url)) declared.push(route);
  });
  // Checked once all plugins have registered, so plugins may still mark their routes (the docs do).
  app.addHook('onReady', async () => {
    const unmarked = declared.filter((route) => routeAccess(route.config) === null);
    if (unmarked.length > 0) {
      const list = unmarked.map((r) => `${String(r.method)} ${r.url}`).join(', ');
      throw new Error(`Rutas de la API sin permiso ni marca pública: ${list}`);
    }
    await accessCache.start();
  });
  app.addHook('onClose', () => accessCache.close());
  // A write that changed access answers only once no API process can still answer from before it.
  const heardBefore = new WeakMap<FastifyRequest, number>();
  app.addHook('onRequest', async (request) => {
    if (!READS.has(request.method)) heardBefore.set(request, accessCache.changesHeard);
  });
  app.addHook('onSend', async (request, reply, payload) => {
    const before = heardBefore.get(request);
    // A failed write (5xx: the database unreachable, most often) acknowledges nothing to wait for.
    if (before !== undefined && reply.statusCode < 500) await accessCache.settle(before);
    return payload;
  });
  app.addHook('onRequest', enforce);
}

export default fp(accessPlugin, { name: 'goc-access' });
