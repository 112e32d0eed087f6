import { z } from 'zod';
import { defineCatalog } from './define';
import { f } from '../resources/fields';
import { PASSWORD_MESSAGES } from './passwords';

export const USERNAME_MESSAGES = {
  tooShort: 'El usuario debe tener al menos 3 caracteres',
  characters: 'El usuario solo admite minúsculas sin acentos, números, punto, guion y guion bajo',
} as const;

/** Usernames are compared and stored in lower case. */
export const usernameSchema = z
  .string()
  .toLowerCase()
  .min(3, USERNAME_MESSAGES.tooShort)
  .regex(/^[a-z0-9._-]+$/, USERNAME_MESSAGES.characters);

/**
 * Usuarios (/usuarios, module config_permissions). The password is set on create only; afterwards
 * resetPasswordSchema (administrator) and changeOwnPasswordSchema (the user) change it.
 */
export const usersCatalog = defineCatalog({
  key: 'users',
  resource: '/users',
  module: 'config_permissions',
  route: 'users',
  nouns: { singular: 'usuario', plural: 'usuarios', article: 'el' },
  fields: {
    username: f.text({ label: 'Usuario', required: true, maxLength: 64, unique: true, schema: usernameSchema }),
    password: f.password({ label: 'Contraseña', hint: 'Al menos 8 caracteres; evita contraseñas comunes' }),
    roleId: f.reference({ label: 'Rol', required: true, target: 'roles', displayKey: 'role' }),
    employeeId: f.reference({ label: 'Empleado', target: 'employees', displayKey: 'employee', unique: true }),
    // Where notifications the user chose to receive by e-mail are sent (docs/notifications.md).
    email: f.email({ label: 'Correo electrónico', list: { shownByDefault: false } }),
    active: f.active(),
    lastLoginAt: f.datetime({ label: 'Último acceso', list: { shownByDefault: true } }),
  },
  label: { fields: ['username'] },
  import: false,
  defaultSort: 'username',
  rules: [
    {
      fields: ['username', 'password'],
      path: 'password',
      message: PASSWORD_MESSAGES.sameAsUsername,
      test: ({ username, password }) =>
        typeof username !== 'string' || typeof password !== 'string' || password.toLowerCase() !== username.toLowerCase(),
    },
  ],
});
