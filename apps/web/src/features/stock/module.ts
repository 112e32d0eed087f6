import { stockNavigation } from '@goc/contracts';
import { defineWebModule } from '../../lib/modules';

export default defineWebModule(stockNavigation, { stock: () => import('./stock-page') });
