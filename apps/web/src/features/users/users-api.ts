import { CATALOGS, type ChangeOwnPasswordInput, type ResetPasswordInput } from '@goc/contracts';
import { api } from '../../lib/api/client';

const USERS = CATALOGS.users.resource;

/** POST /users/:id/reset-password: an administrator sets a new password. */
export async function resetPassword(userId: number, body: ResetPasswordInput): Promise<void> {
  await api.post(`${USERS}/${userId}/reset-password`, body);
}

/** PATCH /users/:id { active, version }: deactivating also ends the user's sessions (server side). */
export async function setUserActive(userId: number, active: boolean, version: number): Promise<void> {
  await api.patch(`${USERS}/${userId}`, { active, version });
}

/** POST /auth/change-password: any signed-in user changes their own password. */
export async function changeOwnPassword(body: ChangeOwnPasswordInput): Promise<void> {
  await api.post('/auth/change-password', body);
}

/** DELETE /users/:id/mfa: an administrator removes a user's second factor (a lost phone). */
export async function removeSecondFactor(userId: number): Promise<void> {
  await api.delete(`${USERS}/${userId}/mfa`);
}

/** DELETE /users/:id/sessions: an administrator ends every session of a user (audited). */
export async function endUserSessions(userId: number): Promise<void> {
  await api.delete(`${USERS}/${userId}/sessions`);
}
