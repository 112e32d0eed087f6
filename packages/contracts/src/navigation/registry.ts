import { REGISTRY_WIDGETS } from '../registry/dashboard';
import { defineNavigation, view } from './define';

export const registryNavigation = defineNavigation({
  name: 'registry',
  routes: {
    registryOffice: { path: '/registro/oficina', title: 'Oficinas', permission: view('registry_office') },
    registryOfficeCreate: {
      path: '/registro/oficina/create',
      title: 'Crear Oficina',
      permission: { module: 'registry_office', action: 'create' },
    },
    registryHistory: { path: '/registro/historico', title: 'Histórico de Registro', permission: view('registry_history') },
    registryCut: { path: '/registro/historico/:cutId', title: 'Detalle de Corte Semanal', permission: view('registry_history') },
    registryWorks: { path: '/registro/obras', title: 'Obras', permission: view('registry_works') },
  },
  menu: [
    { group: 'altas-bajas', label: 'Histórico', icon: 'pi pi-history', route: 'registryHistory', order: 10 },
    { group: 'altas-bajas', label: 'Obras', icon: 'pi pi-building', route: 'registryWorks', order: 20 },
    { group: 'altas-bajas', label: 'Oficina', icon: 'pi pi-briefcase', route: 'registryOffice', order: 30 },
  ],
  notifications: {
    movement_status: { label: 'Estatus de mis movimientos', description: 'Un movimiento que capturaste cambió de estatus' },
    movement_late: { label: 'Movimientos fuera de plazo', description: 'Se capturó un movimiento después de su fecha límite' },
    cut_open: { label: 'Corte semanal sin cerrar', description: 'Los lunes a las 10:00, si el corte de la semana pasada sigue abierto' },
  },
  widgets: REGISTRY_WIDGETS,
});
