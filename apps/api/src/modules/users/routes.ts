import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { changeOwnPasswordSchema, resetPasswordSchema, usersCatalog } from '@goc/contracts';
import { auditLog } from '../../db/schema';
import { actorOf } from '../../lib/crud/actor';
import { idParamsSchema, registerCatalogRoutes } from '../../lib/crud/routes';
import type { CatalogBinding } from '../../lib/crud/types';
import { errorResponses } from '../../lib/openapi';
import { ADMIN_GUARD_MESSAGES, assertPermissionAdminRemains, lockPermissionAdmins } from '../../lib/permission-admins';
import { assertMayAssignRole, assertMayManageUser } from '../../lib/privileges';
import { changeOwnPassword, resetPassword } from './passwords';
import { revokeSessionsWithoutSecondFactor, revokeUserSessions } from '../../lib/sessions';

/**
 * Usuarios on the catalogue mechanism: the password is hashed before the insert's transaction, never
 * selected nor returned; deactivating ends the user's sessions, and so does moving a user without a
 * second factor to a role that requires one; nobody removes the last person able to administer permissions.
 */
export function usersBinding(hashPassword: (password: string) => Promise<string>): CatalogBinding<typeof usersCatalog> {
  return {
    declaration: usersCatalog,
    // Users with recorded activity keep their trail attributable: they are deactivated, not deleted.
    referrers: [
      { table: auditLog, column: auditLog.userId, nouns: { singular: 'registro de actividad', plural: 'registros de actividad', article: 'el' } },
    ],
    hooks: {
      async prepareCreate(input) {
        return { passwordHash: await hashPassword(input.password) };
      },
      async beforeCreate({ tx, actor }, input) {
        await assertMayAssignRole(tx, actor, Number(input.roleId));
      },
      async beforeUpdate({ tx, actor }, before, patch) {
        const deactivates = patch.active === false && before.active === true;
        const changesRole = patch.roleId !== undefined && patch.roleId !== before.roleId;
        await assertMayManageUser(tx, actor, before.id);
        if (changesRole) await assertMayAssignRole(tx, actor, Number(patch.roleId));
        if (deactivates || changesRole) await lockPermissionAdmins(tx);
      },
      async afterUpdate({ tx }, before, after) {
        const deactivated = before.active === true && after.active === false;
        if (deactivated) await revokeUserSessions(tx, after.id, 'deactivated');
        else if (before.roleId !== after.roleId) await revokeSessionsWithoutSecondFactor(tx, { userId: after.id });
        if (deactivated) await assertPermissionAdminRemains(tx, ADMIN_GUARD_MESSAGES.deactivateLastAdmin);
        else if (before.roleId !== after.roleId) await assertPermissionAdminRemains(tx, ADMIN_GUARD_MESSAGES.demoteLastAdmin);
      },
      async beforeDelete({ tx, actor }, before) {
        await assertMayManageUser(tx, actor, before.id);
        await lockPermissionAdmins(tx);
      },
      async afterDelete({ tx }) {
        await assertPermissionAdminRemains(tx, ADMIN_GUARD_MESSAGES.deleteLastAdmin);
      },
    },
  };
}

/** /users (catalogue routes), POST /users/:id/reset-password and POST /auth/change-password. */
export default async function usersRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const binding = usersBinding((password) => app.passwords.hash(password));
  registerCatalogRoutes(app, binding);

  app.post('/users/:id/reset-password', {
    config: { permission: { module: 'config_permissions', action: 'edit' } },
    schema: {
      operationId: 'resetUserPassword',
      tags: [usersCatalog.title],
      summary: 'Asignar una contraseña nueva a un usuario (cierra sus sesiones)',
      params: idParamsSchema,
      body: resetPasswordSchema,
      response: { 204: z.null().describe('Contraseña asignada'), ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (request, reply) => {
      await resetPassword(app.db, app.passwords, await actorOf(request), request.params.id, request.body.password);
      return reply.status(204).send(null);
    },
  });

  app.post('/auth/change-password', {
    config: { authenticated: true, rateLimit: { max: app.config.auth.loginRateLimit.max, timeWindow: app.config.auth.loginRateLimit.windowMs } },
    schema: {
      operationId: 'changeOwnPassword',
      tags: ['auth'],
      summary: 'Cambiar la contraseña propia (cierra las demás sesiones)',
      body: changeOwnPasswordSchema,
      response: { 204: z.null().describe('Contraseña cambiada'), ...errorResponses(400, 401, 429) },
    },
    handler: async (request, reply) => {
      await changeOwnPassword(app.db, app.passwords, { ...(await actorOf(request)), familyId: request.user.familyId }, request.body);
      return reply.status(204).send(null);
    },
  });
}
