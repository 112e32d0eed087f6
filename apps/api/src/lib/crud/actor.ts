import type { FastifyRequest } from 'fastify';
import { requestPermissions } from '../permissions';
import type { Actor } from './types';

/** Who asks, with the role's permissions of this request (for scoping, guards and workflow actions). */
export async function actorOf(request: FastifyRequest): Promise<Actor> {
  return { userId: request.user.id, ip: request.ip, permissions: await requestPermissions(request) };
}
