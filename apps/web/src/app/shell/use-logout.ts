import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { ROUTES } from '@goc/contracts';
import { useConfirm } from '../../components/confirm/use-confirm';
import { useLoading } from '../../components/loading/use-loading';
import { es } from '../../i18n/es';
import { logoutRequest } from '../../lib/session/session-api';
import { noteSessionEnd } from '../../lib/session/session-end';
import { clearSession } from '../../lib/session/session-store';

/**
 * SPEC §2 logout confirmation. Accepting calls POST /auth/logout, clears the session and goes to
 * /login — also when the call fails: the user asked to leave, and the server revokes stale
 * refresh tokens on its own.
 */
export function useLogout(): () => void {
  const confirm = useConfirm();
  const loading = useLoading();
  const navigate = useNavigate();

  const logout = useCallback(async () => {
    await loading.run(logoutRequest().catch(() => undefined));
    noteSessionEnd('logout');
    clearSession();
    await navigate(ROUTES.login.path, { replace: true });
  }, [loading, navigate]);

  return useCallback(
    () =>
      confirm.require({
        header: es.confirmHeader,
        message: es.logoutConfirm.message,
        icon: 'pi pi-sign-out',
        acceptLabel: es.logoutConfirm.accept,
        rejectLabel: es.logoutConfirm.reject,
        acceptClassName: 'p-button-danger',
        defaultFocus: 'reject',
        accept: () => void logout(),
      }),
    [confirm, logout],
  );
}
