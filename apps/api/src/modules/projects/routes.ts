import type { FastifyInstance } from 'fastify';
import { registerResourceRoutes } from '../../lib/crud/routes';
import type { ModuleServices } from '../../lib/modules';
import { projectsBinding } from './binding';

/** /projects: list (scope mine | all), export, options, read, history, create, edit, delete on the mechanism. */
export default async function projectRoutes(app: FastifyInstance, { orders }: Pick<ModuleServices, 'orders'>): Promise<void> {
  registerResourceRoutes(app, projectsBinding(orders));
}
