import { useSyncExternalStore } from 'react';

/** Chromium's install offer (not in TypeScript's DOM types: it is not a standard). */
interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

/**
 * The browser's offer to install GOC, kept from the moment it is made (it may come before anyone
 * signs in) until it is used or GOC is installed. Browsers that make no offer (Safari, Firefox, or
 * GOC already installed) leave it null, and no «Instalar GOC» is shown.
 */
let offer: BeforeInstallPromptEvent | null = null;
const listeners = new Set<() => void>();

function setOffer(next: BeforeInstallPromptEvent | null): void {
  offer = next;
  listeners.forEach((listener) => listener());
}

/** Called once at start-up (main.tsx), before the browser decides to make its offer. */
export function listenForInstallOffer(): void {
  window.addEventListener('beforeinstallprompt', (event) => {
    // Our own entry asks instead of the browser's mini-infobar.
    event.preventDefault();
    setOffer(event as BeforeInstallPromptEvent);
  });
  window.addEventListener('appinstalled', () => setOffer(null));
}

/** Shows the browser's install dialog. An offer is good once, whatever the answer. */
export async function install(): Promise<void> {
  const current = offer;
  if (!current) return;
  setOffer(null);
  await current.prompt();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether the browser offers to install GOC right now. */
export function useInstallOffer(): boolean {
  return useSyncExternalStore(subscribe, () => offer !== null);
}
