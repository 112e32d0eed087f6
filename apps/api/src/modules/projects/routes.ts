import type { FastifyInstance } from 'fastify';
import { registerResourceRoutes } from '../../lib/crud/routes';
import { projectsBinding } from './binding';

/** /projects: list (scope mine | all), export, options, read, history, create, edit, delete on the mechanism. */
export default async function projectRoutes(app: FastifyInstance): Promise<void> {
  registerResourceRoutes(app, projectsBinding);
}
