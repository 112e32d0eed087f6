import { defineNavigation } from './define';

export const authNavigation = defineNavigation({
  name: 'auth',
  routes: { login: { path: '/login', title: 'Iniciar Sesión', public: true } },
});
