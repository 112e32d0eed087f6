import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { CATALOGS, type ImportReport } from '@goc/contracts';
import { ImportButton } from '../../../src/components/import/import-button';
import { permissionsFor, seedSession } from '../../fixtures';
import { fakeApi } from '../../crud/fake-api';
import { renderRoute } from '../../crud/render-route';

vi.setConfig({ testTimeout: 60_000 });

let dispose: (() => void) | null = null;
afterEach(() => {
  dispose?.();
  dispose = null;
});

const report = (mode: ImportReport['mode'], errors: ImportReport['errors']): ImportReport => ({
  fileName: 'materiales.xlsx',
  mode,
  rows: 2,
  valid: 2 - new Set(errors.map((e) => e.row)).size,
  created: errors.length > 0 ? 0 : 2,
  updated: 0,
  unchanged: 0,
  errors,
});
const UNKNOWN_UNIT = { row: 3, column: 'Unidad', value: 'kilo', message: 'No existe; usa un valor de la hoja «Unidades»', record: 'MAT-0042 · Varilla 3/8"' };

describe('Importar', () => {
  it('is offered only with the create permission', () => {
    seedSession({ permissions: permissionsFor(undefined, { view: true }) });
    const view = renderRoute(<ImportButton resource={CATALOGS.materials} />, '/', fakeApi({}).adapter);
    dispose = view.dispose;
    expect(screen.queryByRole('button', { name: 'Importar materiales' })).toBeNull();
  });

  it('checks the chosen file, shows its problems, and imports only a clean file', async () => {
    seedSession({ permissions: permissionsFor() });
    let answer = report('validate', [UNKNOWN_UNIT]);
    const server = fakeApi({
      'POST /materials/import': (request) => {
        answer = request.params.mode === 'commit' ? report('commit', []) : answer;
        return { status: 202, data: { jobId: 'job-1' } };
      },
      'GET /imports/job-1': () => ({ status: 200, data: { jobId: 'job-1', state: 'done', processed: 2, total: 2, report: answer, message: null, statusCode: 200 } }),
    });
    const view = renderRoute(<ImportButton resource={CATALOGS.materials} />, '/', server.adapter);
    dispose = view.dispose;
    fireEvent.click(screen.getByRole('button', { name: 'Importar materiales' }));
    const dialog = await screen.findByRole('dialog', { name: 'Importar materiales' });
    const file = new File(['x'], 'materiales.xlsx');
    fireEvent.change(dialog.querySelector('input[type="file"]')!, { target: { files: [file] } });

    const table = await within(dialog).findByRole('table', { name: 'Errores del archivo' });
    expect(within(table).getByText(UNKNOWN_UNIT.message)).toBeTruthy();
    expect(within(table).getByText('kilo')).toBeTruthy();
    // The bad row is named by its record, and the good rows are counted.
    expect(within(table).getByRole('columnheader', { name: 'Registro' })).toBeTruthy();
    expect(within(table).getByText('MAT-0042 · Varilla 3/8"')).toBeTruthy();
    expect(within(dialog).getByText(/^1 fila correcta de 2; 1 error:/)).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Importar 0 registros' }).hasAttribute('disabled')).toBe(true);
    const [upload] = server.calls('POST', '/materials/import');
    expect(upload!.params).toEqual({ mode: 'validate', match: 'none' });
    expect(upload!.body).toBeInstanceOf(FormData);

    answer = report('validate', []);
    fireEvent.click(within(dialog).getByRole('checkbox'));
    await within(dialog).findByText('Sin errores: 2 filas — 2 nuevos, 0 a actualizar, 0 sin cambios.');
    expect(server.calls('POST', '/materials/import').at(-1)!.params).toEqual({ mode: 'validate', match: 'code' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Importar 2 registros' }));
    await screen.findByText('Importación terminada');
    expect(server.calls('POST', '/materials/import').at(-1)!.params).toEqual({ mode: 'commit', match: 'code' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('is disabled without signal, saying why, and so is the open dialog when the signal drops', async () => {
    seedSession({ permissions: permissionsFor() });
    const server = fakeApi({});
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      const view = renderRoute(<ImportButton resource={CATALOGS.materials} />, '/', server.adapter);
      dispose = view.dispose;
      const offline = screen.getByRole('button', { name: 'Importar materiales (requiere conexión)' });
      expect(offline).toBeDisabled();
      fireEvent.click(offline);
      expect(screen.queryByRole('dialog')).toBeNull();

      onLine.mockReturnValue(true);
      act(() => void window.dispatchEvent(new Event('online')));
      fireEvent.click(screen.getByRole('button', { name: 'Importar materiales' }));
      const dialog = await screen.findByRole('dialog', { name: 'Importar materiales' });
      expect(within(dialog).getByRole('button', { name: 'Elegir archivo' })).toBeEnabled();

      onLine.mockReturnValue(false);
      act(() => void window.dispatchEvent(new Event('offline')));
      for (const name of ['Plantilla de Excel', 'Plantilla CSV', 'Elegir archivo', 'Importar 0 registros']) {
        expect(within(dialog).getByRole('button', { name: `${name} (requiere conexión)` })).toBeDisabled();
      }
      fireEvent.click(within(dialog).getByRole('button', { name: 'Plantilla de Excel (requiere conexión)' }));
      expect(server.calls('GET', '/materials/import/template')).toHaveLength(0);
      expect(server.calls('POST', '/materials/import')).toHaveLength(0);
    } finally {
      onLine.mockRestore();
    }
  });
});
