import { afterEach, describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { completePermissions, MODULES, type PermissionEntry, type RolePermission } from '@goc/contracts';
import RolesPage from '../../../src/features/roles/roles-page';
import { permissionsQuery } from '../../../src/lib/session/session-api';
import { MATRIX_TEXTS, PermissionMatrix } from '../../../src/features/roles/permission-matrix';
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

function Matrix({ onChange, initial = [], held }: { onChange: (next: RolePermission[]) => void; initial?: RolePermission[]; held?: PermissionEntry[] }) {
  const [value, setValue] = useState(() => completePermissions(initial));
  return (
    <PermissionMatrix
      held={held}
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
  it('lists the 25 modules in Spanish with view / create / edit / delete', () => {
    render(<Matrix onChange={() => undefined} />);
    expect(screen.getAllByRole('rowheader').map((r) => r.textContent)).toEqual(MODULES.map((m) => m.label));
    expect(box('Empresas: Editar')).not.toBeChecked();
  });

  it('offers Aprobación de pedidos only its two flags, Ver and Editar', () => {
    const onChange = vi.fn<(next: RolePermission[]) => void>();
    render(<Matrix onChange={onChange} />);
    expect(box('Aprobación de pedidos: Editar')).not.toBeChecked();
    expect(screen.queryByRole('checkbox', { name: 'Aprobación de pedidos: Crear' })).toBeNull();
    expect(screen.queryByRole('checkbox', { name: 'Aprobación de pedidos: Eliminar' })).toBeNull();
    fireEvent.click(box('Aprobación de pedidos: todos los permisos'));
    expect(flags(onChange.mock.lastCall![0], 'orders_approval')).toEqual([true, false, true, false]);
    // A whole column skips the module that does not use the flag.
    fireEvent.click(box('Crear: todos los módulos'));
    expect(flags(onChange.mock.lastCall![0], 'orders_approval')).toEqual([true, false, true, false]);
    expect(flags(onChange.mock.lastCall![0], 'config_units')).toEqual([false, true, false, false]);
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

describe('permission matrix for an editor with partial rights', () => {
  // May edit Permisos and Unidades; holds nothing else.
  const held = [...permissionsFor(['config_permissions', 'config_units'], { edit: true })];

  it('disables the flags the editor lacks; the row toggle sets only the others', () => {
    const onChange = vi.fn<(next: RolePermission[]) => void>();
    render(<Matrix onChange={onChange} held={held} />);
    expect(screen.getByText(MATRIX_TEXTS.notGrantable)).toBeInTheDocument();
    expect(box('Unidades: Editar')).toBeEnabled();
    // View comes with any flag of the module.
    expect(box('Unidades: Ver')).toBeEnabled();
    expect(box('Unidades: Crear')).toBeDisabled();
    expect(box('Empresas: Ver')).toBeDisabled();
    expect(box('Empresas: todos los permisos')).toBeDisabled();
    expect(box('Crear: todos los módulos')).toBeDisabled();

    fireEvent.click(box('Unidades: todos los permisos'));
    const matrix = onChange.mock.lastCall![0];
    expect(flags(matrix, 'config_units')).toEqual([true, false, true, false]);
    expect(box('Unidades: todos los permisos')).toBeChecked();
    fireEvent.click(box('Editar: todos los módulos'));
    expect(onChange.mock.lastCall![0].filter((r) => r.edit).map((r) => r.module)).toEqual(['config_permissions', 'config_units']);
  });

  it('locks the whole matrix of a role that holds a flag the editor lacks', () => {
    render(<Matrix onChange={() => undefined} held={held} initial={[{ module: 'config_companies', view: true, create: false, edit: false, delete: false }]} />);
    expect(screen.getByText(MATRIX_TEXTS.lockedRole)).toBeInTheDocument();
    expect(box('Unidades: Editar')).toBeDisabled();
    expect(box('Empresas: Ver')).toBeDisabled();
    expect(box('Empresas: Ver')).toBeChecked();
  });

  it('leaves everything open to an editor holding every flag', () => {
    render(<Matrix onChange={() => undefined} held={permissionsFor()} />);
    expect(screen.queryByText(MATRIX_TEXTS.notGrantable)).not.toBeInTheDocument();
    expect(screen.getAllByRole('checkbox').every((c) => !(c as HTMLInputElement).disabled)).toBe(true);
  });
});

const role = (id: number, name: string, permissions: RolePermission[], version = 1) => ({
  id,
  createdAt: '2026-03-01T10:00:00.000Z',
  updatedAt: '2026-03-01T10:00:00.000Z',
  version,
  name,
  description: null,
  requiresMfa: false,
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
    expect(body.permissions).toHaveLength(25);
    expect(body.permissions.filter((p) => p.view || p.create || p.edit || p.delete)).toEqual([
      { module: 'my_orders', view: true, create: false, edit: false, delete: false },
      { module: 'config_suppliers', view: true, create: true, edit: true, delete: true },
    ]);
    expect(await screen.findByText('Rol creado')).toBeInTheDocument();
  });

  it("the form's matrix follows the signed-in editor's own permissions", async () => {
    seedSession({ permissions: permissionsFor(['config_permissions', 'config_units'], { edit: true, create: true }) });
    const server = fakeApi({ 'GET /roles': listOf([]) });
    const view = renderRoute(<RolesPage />, '/catalogos/permisos', server.adapter);
    dispose = view.dispose;
    await screen.findByText('No se han encontrado resultados');
    fireEvent.click(screen.getByRole('button', { name: 'Nuevo' }));
    const form = await screen.findByRole('dialog', { name: 'Nuevo rol' });
    expect(within(form).getByRole('checkbox', { name: 'Unidades: Crear' })).toBeEnabled();
    expect(within(form).getByRole('checkbox', { name: 'Unidades: Eliminar' })).toBeDisabled();
    expect(within(form).getByRole('checkbox', { name: 'Proveedores: Ver' })).toBeDisabled();
  });

  it("saving the signed-in user's own role reloads their permissions (the sidebar follows)", async () => {
    seedSession({ permissions: permissionsFor() });
    const own = role(ADMIN_USER.role.id, 'Administrador', completePermissions(permissionsFor().map((p) => ({ module: p.module.name as RolePermission['module'], view: true, create: true, edit: true, delete: true }))), 7);
    const reduced = permissionsFor().filter((p) => p.module.name !== 'works');
    const server = fakeApi({
      'GET /roles': listOf([own]),
      'PATCH /roles/1': (request) => ({ status: 200, data: { ...own, version: 8, permissions: (request.body as { permissions: RolePermission[] }).permissions } }),
      // The role as it is until the save, then without Obras.
      'GET /permissions': () => ({ status: 200, data: server.calls('PATCH', '/roles/1').length > 0 ? reduced : permissionsFor() }),
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
