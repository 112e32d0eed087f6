/** Spanish texts of the shell and the shared dialogs. Page texts live with their feature. */
export const es = {
  appName: 'GOC',
  appTagline: 'Obras, pedidos y personal',
  menu: 'Menú',
  collapseMenu: 'Contraer barra lateral',
  expandMenu: 'Expandir barra lateral',
  closeMenu: 'Cerrar el menú',
  mainNavigation: 'Navegación principal',
  logout: 'Salir',
  userMenu: 'Opciones de la cuenta',
  logoutConfirm: {
    message: '¿Está seguro que desea cerrar sesión?',
    accept: 'Cerrar sesión',
    reject: 'Cancelar',
  },
  confirmHeader: 'Confirmar',
  loading: 'Cargando…',
  accept: 'Aceptar',
  cancel: 'Cancelar',
  close: 'Cerrar',
  routeError: {
    title: 'No se pudo abrir esta página',
    retry: 'Reintentar',
    home: 'Ir al inicio',
    chunk: 'No se pudo descargar esta página. Recarga para obtener la versión más reciente.',
  },
} as const;
