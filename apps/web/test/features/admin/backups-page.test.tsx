import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Backup } from '@goc/contracts';
import BackupsPage from '../../../src/features/admin/backups-page';
import { permissionsFor, seedSession } from '../../fixtures';
import { fakeApi, type FakeApi } from '../../crud/fake-api';
import { renderRoute } from '../../crud/render-route';
import { setViewportWidth } from '../../setup';

vi.setConfig({ testTimeout: 60_000 });

let dispose: (() => void) | null = null;
afterEach(() => {
  dispose?.();
  dispose = null;
  setViewportWidth(1366);
});

const OLD: Backup = { fileName: 'goc-2026-11-25T09-00-00-000Z.pglite.tar.gz', size: 2_048, sha256: 'a'.repeat(64), createdAt: '2026-11-25T09:00:00.000Z' };
const NEW: Backup = { fileName: 'goc-2026-11-26T18-30-00-000Z.pglite.tar.gz', size: 1_610_612_736, sha256: 'b'.repeat(64), createdAt: '2026-11-26T18:30:00.000Z' };
const SETUP = { dir: '/srv/goc/respaldos', schedule: '03:00', keep: 14, nextRunAt: '2026-11-27T09:00:00.000Z' };

function start(options: { edit?: boolean; routes?: Parameters<typeof fakeApi>[0] } = {}): FakeApi {
  let stored = [OLD];
  const server = fakeApi({
    'GET /admin/backups': () => ({ status: 200, data: { items: stored } }),
    'GET /admin/backup-settings': { status: 200, data: SETUP },
    'POST /admin/backups': () => {
      stored = [NEW, ...stored];
      return { status: 201, data: NEW };
    },
    ...options.routes,
  });
  seedSession({ permissions: permissionsFor(['admin'], { view: true, create: false, edit: options.edit ?? true, delete: false }) });
  dispose = renderRoute(<BackupsPage />, '/configuracion/respaldos', server.adapter).dispose;
  return server;
}

const table = () => screen.getByRole('table', { name: 'Copias guardadas' });

describe('Configuración → Respaldos', () => {
  it('lists each copy with its Mexico City date and its size in KB / MB, and shows the schedule, the count kept and the folder', async () => {
    start();
    const row = (await screen.findByRole('rowheader', { name: '25/11/26 03:00' })).closest('tr')!;
    expect(within(row).getByText('2 KB')).toBeInTheDocument();
    expect(within(row).getByText(OLD.fileName)).toBeInTheDocument();
    expect(await screen.findByText('Todos los días a las 03:00 (hora de la Ciudad de México)')).toBeInTheDocument();
    expect(screen.getByText('27/11/26 03:00')).toBeInTheDocument();
    expect(screen.getByText('Las 14 copias más recientes; las más antiguas se borran')).toBeInTheDocument();
    expect(screen.getByText('/srv/goc/respaldos')).toBeInTheDocument();
  });

  it('makes a copy now: the new one heads the list with its size es-MX grouped, and a toast names it', async () => {
    const server = start();
    await screen.findByRole('rowheader', { name: '25/11/26 03:00' });
    await userEvent.click(screen.getByRole('button', { name: 'Hacer copia ahora' }));
    expect(await screen.findByText(`Copia creada: ${NEW.fileName}`)).toBeInTheDocument();
    await waitFor(() => expect(within(table()).getAllByRole('row')).toHaveLength(3));
    const first = within(table()).getAllByRole('row')[1]!;
    expect(within(first).getByRole('rowheader')).toHaveTextContent('26/11/26 12:30');
    expect(within(first).getByText('1,536.0 MB')).toBeInTheDocument();
    expect(server.calls('POST', '/admin/backups')).toHaveLength(1);
  });

  it('says why a copy failed (a copy already running)', async () => {
    start({ routes: { 'POST /admin/backups': { status: 409, data: { statusCode: 409, error: 'Conflict', message: 'Ya se está haciendo una copia de seguridad; inténtalo en unos segundos' } } } });
    await userEvent.click(await screen.findByRole('button', { name: 'Hacer copia ahora' }));
    expect(await screen.findByText('No se pudo hacer la copia')).toBeInTheDocument();
    expect(screen.getByText('Ya se está haciendo una copia de seguridad; inténtalo en unos segundos')).toBeInTheDocument();
  });

  it('downloads through the API client and saves the file under its own name', async () => {
    const saved: string[] = [];
    URL.createObjectURL = () => 'blob:respaldo';
    URL.revokeObjectURL = () => undefined;
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const server = start({ routes: { 'GET /admin/backups/goc-.*': { status: 200, data: 'tar' } } });
    await userEvent.click(await screen.findByRole('button', { name: `Descargar ${OLD.fileName}` }));
    await waitFor(() => expect(saved).toEqual([OLD.fileName]));
    expect(server.calls('GET', `/admin/backups/${OLD.fileName}`)).toHaveLength(1);
    click.mockRestore();
  });

  it('without edit on Administración: the list and download, no «Hacer copia ahora»', async () => {
    start({ edit: false });
    expect(await screen.findByRole('button', { name: `Descargar ${OLD.fileName}` })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Hacer copia ahora' })).not.toBeInTheDocument();
  });

  it('on a phone stacks each copy with its date, size and download', async () => {
    setViewportWidth(390);
    start();
    const list = await screen.findByRole('list', { name: 'Copias guardadas' });
    const [item] = within(list).getAllByRole('listitem');
    expect(within(item!).getByText('25/11/26 03:00')).toBeInTheDocument();
    expect(within(item!).getByText('2 KB')).toBeInTheDocument();
    expect(within(item!).getByRole('button', { name: `Descargar ${OLD.fileName}` })).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Copias guardadas' })).not.toBeInTheDocument();
  });
});
