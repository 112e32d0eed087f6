import { defineModule } from '../../lib/modules';
import healthRoutes from './routes';

/** GET /health: liveness and the database's reachability, without a session. */
export default defineModule({ name: 'health', routes: healthRoutes });
