import { defineNavigation, view } from './define';

export const ordersNavigation = defineNavigation({
  name: 'orders',
  routes: {
    ordersHistory: { path: '/pedidos/historico', title: 'Histórico de Pedidos', permission: view('history') },
    myOrders: { path: '/pedidos/mis-pedidos', title: 'Mis Pedidos', permission: view('my_orders') },
  },
  menu: [
    { group: 'pedidos', label: 'Histórico', icon: 'pi pi-history', route: 'ordersHistory', order: 10 },
    { group: 'pedidos', label: 'Mis pedidos', icon: 'pi pi-list', route: 'myOrders', order: 20 },
  ],
});
