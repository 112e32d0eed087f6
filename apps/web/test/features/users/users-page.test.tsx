import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PASSWORD_MESSAGES } from '@goc/contracts';
import { PasswordRules, passwordRules } from '../../../src/components/form/password-rules';
import { ChangePasswordDialog } from '../../../src/features/users/change-password-dialog';
import UsersPage from '../../../src/features/users/users-page';
import { permissionsFor, seedSession } from '../../fixtures';
import { apiError, fakeApi, type FakeApi } from '../../crud/fake-api';
import { listOf, optionsOf } from '../../crud/fixtures';
import { choose } from '../../crud/prime';
import { renderRoute } from '../../crud/render-route';

vi.setConfig({ testTimeout: 60_000 });

let dispose: (() => void) | null = null;
afterEach(() => {
  dispose?.();
  dispose = null;
});

const STAMP = '2026-03-01T10:00:00.000Z';
const user = (id: number, username: string, extra: Record<string, unknown> = {}) => ({
  id,
  createdAt: STAMP,
  updatedAt: STAMP,
  version: 1,
  username,
  roleId: 1,
  role: { id: 1, label: 'Administrador' },
  employeeId: null,
  employee: null,
  email: null,
  active: true,
  lastLoginAt: null,
  ...extra,
});

function start(server: FakeApi, permissions = permissionsFor()) {
  seedSession({ permissions });
  const view = renderRoute(<UsersPage />, '/usuarios', server.adapter);
  dispose = view.dispose;
  return view;
}

const labelled = (container: HTMLElement, label: string) => within(container).getByLabelText(new RegExp(`^${label}`));

describe('password rules (ASVS 6.2, shared with the API)', () => {
  it('ticks each rule as it is met', () => {
    expect(passwordRules('abc', 'ana').map((r) => [r.label, r.met])).toEqual([
      ['Al menos 8 caracteres', false],
      ['Como máximo 128 caracteres', true],
      ['No es una contraseña común', false],
      ['Distinta del nombre de usuario', true],
    ]);
    expect(passwordRules('password123').find((r) => r.label === 'No es una contraseña común')?.met).toBe(false);
    expect(passwordRules('ana.lopez.2026', 'ana.lopez.2026').find((r) => r.label === 'Distinta del nombre de usuario')?.met).toBe(false);
    expect(passwordRules('Cemento-Gris-42', 'ana').every((r) => r.met)).toBe(true);
    render(<PasswordRules password="Cemento-Gris-42" />);
    expect(screen.getAllByRole('listitem').map((li) => li.dataset.met)).toEqual(['true', 'true', 'true']);
  });
});

describe('Usuarios', () => {
  it('creates a user: rules shown under the password, client messages from the contracts schema', async () => {
    const server = fakeApi({
      'GET /users': listOf([user(1, 'admin')]),
      'GET /roles/options': optionsOf([{ value: 1, label: 'Administrador' }, { value: 2, label: 'Compras' }]),
      'GET /employees/options': optionsOf([{ value: 8, label: 'Ana López' }]),
      'POST /users': (request) => ({ status: 201, data: user(2, 'ana.lopez', { roleId: 2, role: { id: 2, label: 'Compras' }, ...(request.body as object) }) }),
    });
    start(server);
    await screen.findByText('admin');
    fireEvent.click(screen.getByRole('button', { name: 'Nuevo' }));
    const form = await screen.findByRole('dialog', { name: 'Nuevo usuario' });
    expect(form).toHaveTextContent('Al menos 8 caracteres');

    await userEvent.type(labelled(form, 'Usuario'), 'ana.lopez');
    await userEvent.type(labelled(form, 'Contraseña'), 'password123');
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar' }));
    expect(await within(form).findByText(PASSWORD_MESSAGES.common)).toBeInTheDocument();
    expect(within(form).getByText('Este campo es obligatorio')).toBeInTheDocument(); // the role

    await choose(labelled(form, 'Rol'), 'Compras');
    await choose(labelled(form, 'Empleado'), 'Ana López');
    // Rules across fields run once every field is valid on its own.
    await userEvent.clear(labelled(form, 'Contraseña'));
    await userEvent.type(labelled(form, 'Contraseña'), 'ana.lopez');
    expect(await within(form).findByText(PASSWORD_MESSAGES.sameAsUsername)).toBeInTheDocument();

    await userEvent.clear(labelled(form, 'Contraseña'));
    await userEvent.type(labelled(form, 'Contraseña'), 'Cemento-Gris-42');
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(server.calls('POST', '/users')).toHaveLength(1));
    expect(server.calls('POST', '/users')[0]!.body).toEqual({ username: 'ana.lopez', password: 'Cemento-Gris-42', roleId: 2, employeeId: 8, email: '', active: true });
    expect(await screen.findByText('Usuario creado')).toBeInTheDocument();
  });

  it('resets a password: both entries must match; the new one goes to /users/:id/reset-password', async () => {
    const server = fakeApi({ 'GET /users': listOf([user(2, 'ana.lopez')]), 'POST /users/2/reset-password': { status: 204 } });
    start(server);
    await screen.findByText('ana.lopez');
    fireEvent.click(screen.getByRole('button', { name: 'Restablecer contraseña' }));
    const form = await screen.findByRole('dialog', { name: 'Restablecer la contraseña de «ana.lopez»' });
    await userEvent.type(labelled(form, 'Nueva contraseña'), 'Cemento-Gris-42');
    await userEvent.type(labelled(form, 'Confirma la nueva contraseña'), 'Cemento-Gris-43');
    fireEvent.click(within(form).getByRole('button', { name: 'Restablecer contraseña' }));
    expect(await within(form).findByText(PASSWORD_MESSAGES.confirmationMismatch)).toBeInTheDocument();
    expect(server.calls('POST', '/users/2/reset-password')).toHaveLength(0);

    await userEvent.clear(labelled(form, 'Confirma la nueva contraseña'));
    await userEvent.type(labelled(form, 'Confirma la nueva contraseña'), 'Cemento-Gris-42');
    fireEvent.click(within(form).getByRole('button', { name: 'Restablecer contraseña' }));
    await waitFor(() => expect(server.calls('POST', '/users/2/reset-password')).toHaveLength(1));
    expect(server.calls('POST', '/users/2/reset-password')[0]!.body).toEqual({ password: 'Cemento-Gris-42' });
    expect(await screen.findByText('Contraseña de «ana.lopez» restablecida')).toBeInTheDocument();
  });

  it('deactivates after confirmation with the version read; the last-admin refusal is shown in Spanish', async () => {
    const lastAdmin = 'No se puede desactivar al último usuario activo que administra los permisos';
    let patches = 0;
    const server = fakeApi({
      'GET /users': listOf([user(1, 'admin', { version: 4 })]),
      'PATCH /users/1': () => {
        patches += 1;
        return patches === 1 ? apiError(409, lastAdmin) : { status: 200, data: user(1, 'admin', { version: 5, active: false }) };
      },
    });
    start(server);
    await screen.findByText('admin');
    expect(screen.queryByRole('button', { name: 'Activar' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Desactivar' }));
    let confirm = await screen.findByRole('dialog', { name: 'Desactivar' });
    expect(confirm).toHaveTextContent('¿Desactivar al usuario «admin»? No podrá iniciar sesión y sus sesiones abiertas se cerrarán.');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Desactivar' }));
    expect(await screen.findByText(lastAdmin)).toBeInTheDocument();
    expect(server.calls('PATCH', '/users/1')[0]!.body).toEqual({ active: false, version: 4 });

    fireEvent.click(screen.getByRole('button', { name: 'Desactivar' }));
    confirm = await screen.findByRole('dialog', { name: 'Desactivar' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Desactivar' }));
    expect(await screen.findByText('Usuario desactivado')).toBeInTheDocument();
  });

  it('without config_permissions edit: no reset, no activation, no edit', async () => {
    const server = fakeApi({ 'GET /users': listOf([user(1, 'admin')]) });
    start(server, permissionsFor(['config_permissions'], { view: true }));
    await screen.findByText('admin');
    for (const name of ['Restablecer contraseña', 'Desactivar', 'Activar', 'Editar', 'Eliminar', 'Nuevo']) {
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    }
  });
});

describe('Cambiar contraseña (every user, from the header menu)', () => {
  function open(server: FakeApi) {
    seedSession({ permissions: [] });
    const onHide = vi.fn();
    const view = renderRoute(<ChangePasswordDialog onHide={onHide} />, '/', server.adapter);
    dispose = view.dispose;
    return onHide;
  }

  it('checks the three entries on the client', async () => {
    const server = fakeApi({});
    open(server);
    const form = await screen.findByRole('dialog', { name: 'Cambiar contraseña' });
    fireEvent.click(within(form).getByRole('button', { name: 'Cambiar contraseña' }));
    expect(await within(form).findByText(PASSWORD_MESSAGES.currentRequired)).toBeInTheDocument();
    // An empty new password is a missing field, not a short one.
    expect(within(form).getByText(PASSWORD_MESSAGES.required)).toBeInTheDocument();
    expect(within(form).queryByText(PASSWORD_MESSAGES.tooShort)).toBeNull();
    await userEvent.type(labelled(form, 'Contraseña actual'), 'Cemento-Gris-42');
    await userEvent.type(labelled(form, 'Nueva contraseña'), 'Cemento-Gris-42');
    expect(await within(form).findByText(PASSWORD_MESSAGES.sameAsCurrent)).toBeInTheDocument();
    await userEvent.clear(labelled(form, 'Nueva contraseña'));
    await userEvent.type(labelled(form, 'Nueva contraseña'), 'Varilla-Corrugada-3');
    await userEvent.type(labelled(form, 'Confirma la nueva contraseña'), 'Varilla-Corrugada-4');
    expect(await within(form).findByText(PASSWORD_MESSAGES.confirmationMismatch)).toBeInTheDocument();
    expect(server.requests).toHaveLength(0);
  });

  it('sends current and new password; a wrong current password is shown next to its field', async () => {
    let calls = 0;
    const wrong = 'La contraseña actual no es correcta';
    const server = fakeApi({
      'POST /auth/change-password': () => {
        calls += 1;
        return calls === 1 ? apiError(400, wrong, { currentPassword: wrong }) : { status: 204 };
      },
    });
    const onHide = open(server);
    const form = await screen.findByRole('dialog', { name: 'Cambiar contraseña' });
    await userEvent.type(labelled(form, 'Contraseña actual'), 'Viejo-Cemento-1');
    await userEvent.type(labelled(form, 'Nueva contraseña'), 'Varilla-Corrugada-3');
    await userEvent.type(labelled(form, 'Confirma la nueva contraseña'), 'Varilla-Corrugada-3');
    fireEvent.click(within(form).getByRole('button', { name: 'Cambiar contraseña' }));
    await waitFor(() => expect(labelled(form, 'Contraseña actual')).toHaveAccessibleDescription(wrong));
    expect(server.calls('POST', '/auth/change-password')[0]!.body).toEqual({ currentPassword: 'Viejo-Cemento-1', newPassword: 'Varilla-Corrugada-3' });

    await userEvent.clear(labelled(form, 'Contraseña actual'));
    await userEvent.type(labelled(form, 'Contraseña actual'), 'Cemento-Gris-42');
    fireEvent.click(within(form).getByRole('button', { name: 'Cambiar contraseña' }));
    expect(await screen.findByText('Contraseña actualizada')).toBeInTheDocument();
    expect(onHide).toHaveBeenCalled();
  });
});
