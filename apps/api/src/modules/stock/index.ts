import { defineModule } from '../../lib/modules';
import stockRoutes, { balancesBinding } from './routes';

/**
 * Almacén de obra: existencias per work and material, kardex, salidas, traspasos between works and
 * inventario físico (docs/stock.md). Joins other modules only through the database's references.
 */
export default defineModule({
  name: 'stock',
  resources: [balancesBinding],
  routes: stockRoutes,
});
