import { STOCK_WIDGETS } from '../stock/dashboard';
import { defineNavigation, view } from './define';

export const stockNavigation = defineNavigation({
  name: 'stock',
  routes: { stock: { path: '/almacen', title: 'Almacén de obra', permission: view('stock') } },
  menu: [{ label: 'Almacén de obra', icon: 'pi pi-box', route: 'stock', order: 45 }],
  notifications: {
    stock_transfer: { label: 'Traspasos de almacén', description: 'Un traspaso de o hacia una obra de la que eres residente espera recibirse' },
    stock_count: { label: 'Conteos de inventario', description: 'Un conteo de inventario físico espera aprobación' },
  },
  widgets: STOCK_WIDGETS,
});
