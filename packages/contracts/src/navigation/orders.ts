import { ORDER_WIDGETS } from '../orders/dashboard';
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
  notifications: {
    order_sent: { label: 'Pedidos enviados a compras', description: 'Un pedido espera autorización' },
    order_status: { label: 'Estatus de mis pedidos', description: 'Autorizado, rechazado, comprado, entregado o cancelado' },
    approval_requested: { label: 'Solicitudes de aprobación', description: 'Compras pide a Dirección autorizar un pedido sobre el límite o el presupuesto' },
    order_decided: { label: 'Pedidos autorizados o rechazados', description: 'Un pedido enviado fue autorizado (sigue comprarlo) o rechazado' },
  },
  widgets: ORDER_WIDGETS,
});
