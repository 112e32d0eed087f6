import { sessionListSchema, type Session } from '@goc/contracts';
import { api } from '../../lib/api/client';

export const sessionKeys = { all: ['auth', 'sessions'] as const };

/** GET /auth/sessions: the signed-in user's open sessions. */
export async function fetchSessions(): Promise<Session[]> {
  const { data } = await api.get('/auth/sessions');
  return sessionListSchema.parse(data).items;
}

/** DELETE /auth/sessions/:id {password}: ends one session; the password is asked again. */
export async function endSession(id: string, password: string): Promise<void> {
  await api.delete(`/auth/sessions/${encodeURIComponent(id)}`, { data: { password } });
}

/** POST /auth/sessions/end-others {password}: ends every session but this one. */
export async function endOtherSessions(password: string): Promise<void> {
  await api.post('/auth/sessions/end-others', { password });
}
