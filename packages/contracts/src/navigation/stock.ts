import { defineNavigation, view } from './define';

export const stockNavigation = defineNavigation({
  name: 'stock',
  routes: { stock: { path: '/almacen', title: 'Almacén de obra', permission: view('stock') } },
  menu: [{ label: 'Almacén de obra', icon: 'pi pi-box', route: 'stock', order: 45 }],
});
