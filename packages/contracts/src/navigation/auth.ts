import { defineNavigation } from './define';

export const authNavigation = defineNavigation({
  name: 'auth',
  routes: {
    login: { path: '/login', title: 'Iniciar Sesión', public: true },
    // «Mi cuenta → Sesiones», from the user menu.
    sessions: { path: '/mi-cuenta/sesiones', title: 'Sesiones' },
  },
});
