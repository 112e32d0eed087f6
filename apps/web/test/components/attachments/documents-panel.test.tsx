import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AxiosAdapter } from 'axios';
import { ATTACHMENT_MESSAGES, type Attachment, type AttachmentList } from '@goc/contracts';
import { DocumentsPanel } from '../../../src/components/attachments/documents-panel';
import { api } from '../../../src/lib/api/client';
import { apiError, fakeApi, type FakeApi, type FakeReply } from '../../crud/fake-api';
import { renderWithProviders } from '../../render-providers';

/*
 * The Documentos panel of one order over a fake attachments API: what it lists, how an upload shows
 * its progress and its refusal, the confirmed delete, and what a reader does not get.
 */

const QUOTE: Attachment = {
  id: 5,
  resource: 'orders',
  recordId: 1,
  fileName: 'cotizacion aceros.pdf',
  contentType: 'application/pdf',
  size: 1_572_864,
  sha256: 'a'.repeat(64),
  description: 'Cotización',
  createdAt: '2026-03-01T16:30:00.000Z',
  createdBy: { id: 7, name: 'Ana Ruiz' },
  hasThumbnail: false,
  canDelete: true,
};

const NOTE: Attachment = { ...QUOTE, id: 6, fileName: 'remision.txt', contentType: 'text/plain', size: 2_048, description: null, createdBy: null, canDelete: false };

const listOf = (items: Attachment[], canUpload = true): FakeReply => ({ status: 200, data: { items, canUpload, maxMb: 25 } satisfies AttachmentList });

const original = api.defaults.adapter;
afterEach(() => {
  api.defaults.adapter = original;
});

function show(server: FakeApi, adapter: AxiosAdapter = server.adapter) {
  api.defaults.adapter = adapter;
  renderWithProviders(<DocumentsPanel resource="orders" recordId={1} />);
}

const chooseFiles = (files: File[]) => userEvent.upload(screen.getByLabelText('Elegir archivos', { selector: 'input' }), files);
const pdfFile = (name: string, size = 1_000) => new File([new Uint8Array(size)], name, { type: 'application/pdf' });

describe('DocumentsPanel', () => {
  it('lists each document with its size, date and author', async () => {
    const server = fakeApi({ 'GET /attachments': listOf([QUOTE, NOTE]) });
    show(server);
    const list = await screen.findByRole('list', { name: 'Documentos' });
    const [quote, note] = within(list).getAllByRole('listitem');
    expect(quote).toHaveTextContent('cotizacion aceros.pdf');
    expect(quote).toHaveTextContent('Cotización');
    // Mexico City's wall clock: 16:30 UTC is 10:30 there.
    expect(quote).toHaveTextContent('1.5 MB · 01/03/26 10:30 · por Ana Ruiz');
    expect(note).toHaveTextContent('2 KB · 01/03/26 10:30');
    expect(note).not.toHaveTextContent('por ');
    expect(screen.getByRole('heading', { name: 'Documentos (2)' })).toBeInTheDocument();
    expect(server.calls('GET', '/attachments')[0]!.params).toEqual({ resource: 'orders', recordId: '1' });
  });

  it('shows an upload’s progress while it goes up, then the new document in the list', async () => {
    let items: Attachment[] = [];
    const added: Attachment = { ...QUOTE, id: 9, fileName: 'planos.pdf', description: null };
    const server = fakeApi({
      'GET /attachments': () => listOf(items),
      'POST /attachments': () => {
        items = [added];
        return { status: 201, data: added };
      },
    });
    // The fake server reports 40 % sent and holds the answer until the test lets it go.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const adapter: AxiosAdapter = async (config) => {
      if (config.method === 'post') {
        config.onUploadProgress?.({ loaded: 400, total: 1000, bytes: 400, lengthComputable: true, upload: true });
        await held;
      }
      return server.adapter(config);
    };
    show(server, adapter);
    expect(await screen.findByText('Sin documentos')).toBeInTheDocument();

    await chooseFiles([pdfFile('planos.pdf')]);
    const progress = await screen.findByRole('progressbar', { name: 'Subiendo planos.pdf' });
    await waitFor(() => expect(progress).toHaveAttribute('aria-valuenow', '40'));
    expect(screen.queryByRole('list', { name: 'Documentos' })).not.toBeInTheDocument();

    release();
    const list = await screen.findByRole('list', { name: 'Documentos' });
    expect(within(list).getByText('planos.pdf')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(await screen.findByText('Se adjuntó «planos.pdf»')).toBeInTheDocument();
    const [sent] = server.calls('POST', '/attachments');
    expect(sent!.params).toEqual({ resource: 'orders', recordId: '1' });
    expect((sent!.body as FormData).get('file')).toMatchObject({ name: 'planos.pdf' });
  });

  it.each([
    [413, ATTACHMENT_MESSAGES.tooMany(50)],
    [415, ATTACHMENT_MESSAGES.type],
  ])('shows the server’s refusal (%i) in Spanish and keeps the list as it was', async (status, message) => {
    const server = fakeApi({ 'GET /attachments': listOf([QUOTE]), 'POST /attachments': apiError(status, message) });
    show(server);
    await screen.findByText('cotizacion aceros.pdf');
    await chooseFiles([pdfFile('factura.pdf')]);
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByText('No se pudo subir «factura.pdf»')).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Documentos' })).getAllByRole('listitem')).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Quitar aviso' }));
    expect(screen.queryByText(message)).not.toBeInTheDocument();
  });

  it('refuses a file over the size limit (413) before sending it', async () => {
    const server = fakeApi({ 'GET /attachments': listOf([]), 'POST /attachments': { status: 201, data: QUOTE } });
    show(server);
    await screen.findByText('Sin documentos');
    await chooseFiles([pdfFile('planos enormes.pdf', 25 * 1024 * 1024 + 1)]);
    expect(await screen.findByText(ATTACHMENT_MESSAGES.tooLarge(25))).toBeInTheDocument();
    expect(server.calls('POST', '/attachments')).toHaveLength(0);
  });

  it('asks before deleting: «Cancelar» keeps the document, «Eliminar» sends DELETE', async () => {
    let items = [QUOTE];
    const server = fakeApi({
      'GET /attachments': () => listOf(items),
      'DELETE /attachments/5': () => {
        items = [];
        return { status: 204 };
      },
    });
    show(server);
    fireEvent.click(await screen.findByRole('button', { name: 'Eliminar cotizacion aceros.pdf' }));
    let dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('¿Eliminar «cotizacion aceros.pdf»? No se puede deshacer.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.calls('DELETE', '/attachments/5')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Eliminar cotizacion aceros.pdf' }));
    dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    await waitFor(() => expect(server.calls('DELETE', '/attachments/5')).toHaveLength(1));
    expect(await screen.findByText('Sin documentos')).toBeInTheDocument();
    expect(screen.getByText('Se eliminó «cotizacion aceros.pdf»')).toBeInTheDocument();
  });

  it('gives a reader no way to upload or delete, only to download', async () => {
    const server = fakeApi({ 'GET /attachments': listOf([{ ...QUOTE, canDelete: false }], false) });
    show(server);
    expect(await screen.findByRole('button', { name: 'Descargar cotizacion aceros.pdf' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Elegir archivos')).not.toBeInTheDocument();
    expect(screen.queryByText('Arrastra archivos aquí o')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Eliminar/ })).not.toBeInTheDocument();
  });
});
