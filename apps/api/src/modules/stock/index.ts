import { consumptionSchema, countSchema, kardexSchema, stockMoved, stockMovementSchema, transferSchema } from '@goc/contracts';
import { defineModule } from '../../lib/modules';
import { filtersBy } from '../../lib/option-readers';
import { CONSUMPTION_DOCUMENTS } from './attachable';
import { STOCK_WIDGET } from './dashboard';
import stockDeliveries from './deliveries';
import { stockNotifications } from './notifications';
import { stockQueries, type StockQueries } from './queries';
import { openingsBinding } from './openings';
import stockRoutes, { balancesBinding, consumptionsBinding } from './routes';

declare module '../../lib/modules' {
  interface ModuleServices {
    /** The material value held at each work (the works overview shows it beside the budget). */
    stock: StockQueries;
  }
}

/**
 * Almacén de obra: existencias per work and material, kardex, salidas, traspasos between works and
 * inventario físico (docs/stock.md). Deliveries enter through the orders' typed event; no other
 * module is imported.
 */
export default defineModule({
  name: 'stock',
  resources: [balancesBinding, consumptionsBinding, openingsBinding],
  provides: { stock: () => stockQueries },
  routes: stockRoutes,
  root: stockDeliveries,
  // Every movement, about the work's balance of the material: webhooks offer it as `stock.moved`.
  events: [stockMoved],
  notifications: stockNotifications,
  // A salida takes its photos and the signed vale: added by whoever records salidas, removed by `stock` edit too.
  attachables: [CONSUMPTION_DOCUMENTS],
  widgets: [STOCK_WIDGET],
  schemas: { StockKardex: kardexSchema, StockMovement: stockMovementSchema, StockConsumption: consumptionSchema, StockTransfer: transferSchema, StockCount: countSchema },
  // Existencias filter by work, material and unit; its forms pick them with the same flag.
  options: [filtersBy('stock', 'works', 'materials', 'units')],
});
