import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { listenForInstallOffer } from '../../../src/lib/install-prompt';
import { ADMIN_USER, permissionsFor, seedSession } from '../../fixtures';
import { mockAdapter } from '../../mock-adapter';
import { renderApp } from '../../render-app';

let teardown: (() => void) | null = null;
afterEach(() => {
  teardown?.();
  teardown = null;
});

beforeAll(async () => {
  // As main.tsx does at start-up.
  listenForInstallOffer();
  await import('../../../src/app/shell/shell-layout');
}, 60_000);

async function signedIn() {
  const permissions = permissionsFor();
  seedSession({ permissions });
  const server = mockAdapter({ 'GET /auth/me': { status: 200, data: ADMIN_USER }, 'GET /permissions': { status: 200, data: permissions } });
  teardown = renderApp('/', server.adapter).cleanup;
  await screen.findByRole('heading', { level: 1, name: 'Inicio' });
}

/** Chromium's `beforeinstallprompt`: an offer whose prompt() shows the browser's install dialog. */
function offerInstall() {
  const prompt = vi.fn(() => Promise.resolve());
  const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), { prompt, userChoice: Promise.resolve({ outcome: 'accepted' }) });
  act(() => void window.dispatchEvent(event));
  return { prompt, event };
}

async function openUserMenu() {
  await userEvent.click(screen.getByRole('button', { name: /^Opciones de la cuenta/ }));
  await screen.findByRole('menuitem', { name: 'Salir', hidden: true });
}

const installItem = () => screen.queryByRole('menuitem', { name: 'Instalar GOC', hidden: true });

describe('«Instalar GOC» (docs/offline.md "Instalación y actualizaciones")', () => {
  it('is not in the user menu while the browser offers no installation', async () => {
    await signedIn();
    await openUserMenu();
    expect(installItem()).not.toBeInTheDocument();
  });

  it("appears when the browser offers it, instead of the browser's own banner, and shows the browser's dialog once", async () => {
    await signedIn();
    const { prompt, event } = offerInstall();
    expect(event.defaultPrevented).toBe(true);
    await openUserMenu();
    await userEvent.click(installItem()!);
    expect(prompt).toHaveBeenCalledTimes(1);

    await openUserMenu();
    await waitFor(() => expect(installItem()).not.toBeInTheDocument());
  });

  it('goes away once GOC is installed (from the browser’s own menu, say)', async () => {
    await signedIn();
    offerInstall();
    await openUserMenu();
    expect(installItem()).toBeInTheDocument();
    act(() => void window.dispatchEvent(new Event('appinstalled')));
    await waitFor(() => expect(installItem()).not.toBeInTheDocument());
  });
});
