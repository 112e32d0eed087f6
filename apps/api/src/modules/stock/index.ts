import { consumptionSchema, countSchema, kardexSchema, stockMoved, stockMovementSchema, transferSchema } from '@goc/contracts';
import { defineModule } from '../../lib/modules';
import { STOCK_WIDGET } from './dashboard';
import stockDeliveries from './deliveries';
import { stockNotifications } from './notifications';
import stockRoutes, { balancesBinding } from './routes';

/**
 * Almacén de obra: existencias per work and material, kardex, salidas, traspasos between works and
 * inventario físico (docs/stock.md). Deliveries enter through the orders' typed event; no other
 * module is imported.
 */
export default defineModule({
  name: 'stock',
  resources: [balancesBinding],
  routes: stockRoutes,
  root: stockDeliveries,
  // Every movement, about the work's balance of the material: webhooks offer it as `stock.moved`.
  events: [stockMoved],
  notifications: stockNotifications,
  widgets: [STOCK_WIDGET],
  schemas: { StockKardex: kardexSchema, StockMovement: stockMovementSchema, StockConsumption: consumptionSchema, StockTransfer: transferSchema, StockCount: countSchema },
});
