import { afterEach, describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { completePermissions, MODULES, type RolePermission } from '@goc/contracts';
import RolesPage from '../../../src/features/roles/roles-page';
import { permissionsQuery } from '../../../src/lib/session/session-api';
import { PermissionMatrix } from '../../../src/features/roles/permission-matrix';
import { ADMIN_USER, permissionsFor, seedSession } from '../../fixtures';
import { fakeApi } from '../../crud/fake-api';
import { listOf } from '../../crud/fixtures';
import { renderRoute } from '../../crud/render-route';

vi.setConfig({ testTimeout: 60_000 });

let dispose: (() => void) | null = null;
afterEach(() => {
  dispose?.();
  dispose = null;
});

/** What the shell does: it keeps the permissions query mounted (SPEC §2: the sidebar draws from them). */
function ShellPermissions() {
  useQuery(permissionsQuery);
  return null;
}

function Matrix({ onChange }: { onChange: (next: RolePermission[]) => void }) {
  const [value, setValue] = useState(() => completePermissions([]));
  return (
    <PermissionMatrix
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
    />
  );
}

const box = (name: string) => screen.getByRole('checkbox', { name });
const flags = (matrix: RolePermission[], module: string) => {
  const row = matrix.find((r) => r.module === module)!;
  return [row.view, row.create, row.edit, row.delete];
};

describe('permission matrix', () => {
  it('lists the 22 modules in Spanish with view / create / edit / delete', () => {
    render(<Matrix onChange={() => undefined} />);
    expect(screen.getAllByRole('rowheader').map((r) => r.textContent)).toEqual(MODULES.map((m) => m.label));
    expect(box('Empresas: Editar')).not.toBeChecked();
  });

  it('a whole-row toggle sets the four flags of one module, and clears them again', () => {
    const onChange = vi.fn<(next: RolePermission[]) => void>();
    render(<Matrix onChange={onChange} />);
    fireEvent.click(box('Empresas: todos los permisos'));
    let matrix = onChange.mock.lastCall![0];
    expect(flags(matrix, 'config_companies')).toEqual([true, true, true, true]);
    expect(matrix.filter((r) => r.view)).toHaveLength(1);
    expect(box('Empresas: Eliminar')).toBeChecked();

    fireEvent.click(box('Empresas: todos los permisos'));
    matrix = onChange.mock.lastCall![0];
    expect(flags(matrix, 'config_companies')).toEqual([false, false, false, false]);
  });

  it('a whole-column toggle sets one flag on every module; the row toggle follows', () => {
    const onChange = vi.fn<(next: RolePermission[]) => void>();
    render(<Matrix onChange={onChange} />);
    fireEvent.click(box('Ver: todos los módulos'));
    let matrix = onChange.mock.lastCall![0];
    expect(matrix.every((r) => r.view && !r.create && !r.edit && !r.delete)).toBe(true);
    expect(box('Ver: todos los módulos')).toBeChecked();

    for (const action of ['Crear', 'Editar', 'Eliminar']) fireEvent.click(box(`${action}: todos los módulos`));
    expect(box('Proveedores: todos los permisos')).toBeChecked();
    // One cell off: its column and its row are no longer "all".
    fireEvent.click(box('Proveedores: Crear'));
    matrix = onChange.mock.lastCall![0];
    expect(flags(matrix, 'config_suppliers')).toEqual([true, false, true, true]);
    expect(box('Crear: todos los módulos')).not.toBeChecked();
    expect(box('Proveedores: todos los permisos')).not.toBeChecked();
  });
});

const role = (id: number, name: string, permissions: RolePermission[], version = 1) => ({
  id,
  createdAt: '2026-03-01T10:00:00.000Z',
  updatedAt: '2026-03-01T10:00:00.000Z',
  version,
  name,
  description: null,
  permissions,
});

describe('Permisos page', () => {
  it('creates a role with its matrix', async () => {
    seedSession({ permissions: permissionsFor() });
    const server = fakeApi({
      'GET /roles': listOf([]),
      'POST /roles': (request) => ({ status: 201, data: role(5, 'Compras', (request.body as { permissions: RolePermission[] }).permissions) }),
    });
    const view = renderRoute(<RolesPage />, '/catalogos/permisos', server.adapter);
    dispose = view.dispose;
    await screen.findByText('No se han encontrado resultados');
    fireEvent.click(screen.getByRole('button', { name: 'Nuevo' }));
    const form = await screen.findByRole('dialog', { name: 'Nuevo rol' });
    await userEvent.type(within(form).getByLabelText(/^Nombre/), 'Compras');
    fireEvent.click(within(form).getByRole('checkbox', { name: 'Proveedores: todos los permisos' }));
    fireEvent.click(within(form).getByRole('checkbox', { name: 'Mis pedidos: Ver' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar' }));

    await waitFor(() => expect(server.calls('POST', '/roles')).toHaveLength(1));
    const body = server.calls('POST', '/roles')[0]!.body as { name: string; permissions: RolePermission[] };
    expect(body.name).toBe('Compras');
    expect(body.permissions).toHaveLength(22);
    expect(body.permissions.filter((p) => p.view || p.create || p.edit || p.delete)).toEqual([
      { module: 'my_orders', view: true, create: false, edit: false, delete: false },
      { module: 'config_suppliers', view: true, create: true, edit: true, delete: true },
    ]);
    expect(await screen.findByText('Rol creado')).toBeInTheDocument();
  });

  it("saving the signed-in user's own role reloads their permissions (the sidebar follows)", async () => {
    seedSession({ permissions: permissionsFor() });
    const own = role(ADMIN_USER.role.id, 'Administrador', completePermissions(permissionsFor().map((p) => ({ module: p.module.name as RolePermission['module'], view: true, create: true, edit: true, delete: true }))), 7);
    const reduced = permissionsFor().filter((p) => p.module.name !== 'works');
    const server = fakeApi({
      'GET /roles': listOf([own]),
      'PATCH /roles/1': (request) => ({ status: 200, data: { ...own, version: 8, permissions: (request.body as { permissions: RolePermission[] }).permissions } }),
      'GET /permissions': { status: 200, data: reduced },
      'GET /auth/me': { status: 200, data: ADMIN_USER },
    });
    const view = renderRoute(
      <>
        <ShellPermissions />
        <RolesPage />
      </>,
      '/catalogos/permisos',
      server.adapter,
    );
    dispose = view.dispose;
    await screen.findByText('Administrador');
    await waitFor(() => expect(server.calls('GET', '/permissions')).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: 'Editar' }));
    const form = await screen.findByRole('dialog', { name: 'Editar rol' });
    fireEvent.click(within(form).getByRole('checkbox', { name: 'Obras (negocios): todos los permisos' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar' }));

    await waitFor(() => expect(server.calls('PATCH', '/roles/1')).toHaveLength(1));
    const body = server.calls('PATCH', '/roles/1')[0]!.body as { version: number; permissions: RolePermission[] };
    expect(body.version).toBe(7);
    expect(body.permissions.find((p) => p.module === 'works')).toEqual({ module: 'works', view: false, create: false, edit: false, delete: false });
    // Fetched again and stored where the sidebar reads them.
    await waitFor(() => expect(server.calls('GET', '/permissions')).toHaveLength(2));
    await waitFor(() => expect(JSON.parse(localStorage.getItem('permissions')!)).toEqual(reduced));
  });
});
