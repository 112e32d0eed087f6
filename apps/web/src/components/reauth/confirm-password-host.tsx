import { lazy, Suspense, useEffect, useState } from 'react';
import { setReauthenticationAsker } from '../../lib/api/reauthentication';

// The dialog (PrimeReact's password input, the form frame) loads only when a change is refused.
const ConfirmPasswordDialog = lazy(() => import('./confirm-password-dialog'));

/**
 * Mounted once in the shell: opens «Confirma tu contraseña» when a sensitive change is refused for an
 * old sign-in (docs/security.md "Re-authentication"); the change is replayed once it is confirmed.
 */
export function ConfirmPasswordHost() {
  const [pending, setPending] = useState<((confirmed: boolean) => void) | null>(null);
  useEffect(() => setReauthenticationAsker(() => new Promise<boolean>((resolve) => setPending(() => resolve))), []);
  if (!pending) return null;
  const close = (confirmed: boolean) => {
    pending(confirmed);
    setPending(null);
  };
  return (
    <Suspense fallback={null}>
      <ConfirmPasswordDialog onClose={close} />
    </Suspense>
  );
}
