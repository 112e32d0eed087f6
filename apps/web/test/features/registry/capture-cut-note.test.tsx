import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { REGISTRY_MESSAGES } from '@goc/contracts';
import { CaptureCutNote } from '../../../src/features/registry/movement-form';
import { fakeApi } from '../../crud/fake-api';
import { renderRoute } from '../../crud/render-route';

/* Before saving a new movement, the form says when this week's cut was closed early and where the movement goes. */

let dispose: (() => void) | null = null;
afterEach(() => {
  dispose?.();
  dispose = null;
});

describe('CaptureCutNote', () => {
  it('names the closed cut and the next one the movement goes to', async () => {
    const server = fakeApi({ 'GET /registry/cuts/capture': { status: 200, data: { label: '2026-S49', closedLabel: '2026-S48' } } });
    dispose = renderRoute(<CaptureCutNote />, '/registro/oficina/create', server.adapter).dispose;
    expect(await screen.findByText(REGISTRY_MESSAGES.nextCut('2026-S48', '2026-S49'))).toBeInTheDocument();
    expect(REGISTRY_MESSAGES.nextCut('2026-S48', '2026-S49')).toBe('El corte de esta semana (2026-S48) ya está cerrado: este movimiento irá al corte 2026-S49');
  });

  it('says nothing while this week’s cut is open', async () => {
    const server = fakeApi({ 'GET /registry/cuts/capture': { status: 200, data: { label: '2026-S48', closedLabel: null } } });
    dispose = renderRoute(<CaptureCutNote />, '/registro/oficina/create', server.adapter).dispose;
    await waitFor(() => expect(server.calls('GET', '/registry/cuts/capture')).toHaveLength(1));
    // The answer has been read once the query settles: still nothing is said.
    await waitFor(() => expect(screen.queryByText(/ya está cerrado/)).not.toBeInTheDocument());
    expect(document.body).not.toHaveTextContent('ya está cerrado');
  });
});
