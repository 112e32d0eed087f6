import { defineNavigation, view } from './define';

/** Added by the product after the SPEC's entries (docs/spec.md §2): API keys and webhooks, module admin. */
export const integrationsNavigation = defineNavigation({
  name: 'integrations',
  routes: { integrations: { path: '/configuracion/integraciones', title: 'Integraciones', permission: view('admin') } },
  menu: [{ group: 'configuracion', label: 'Integraciones', icon: 'pi pi-share-alt', route: 'integrations', order: 160 }],
  notifications: {
    webhook_disabled: { label: 'Webhooks desactivados', description: 'Un webhook que creaste falló durante 3 días y se desactivó' },
  },
});
