import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { ROUTES } from '@goc/contracts';
import { useConfirm } from '../../components/confirm/use-confirm';
import { useLoading } from '../../components/loading/use-loading';
import { es } from '../../i18n/es';
import { logoutRequest } from '../../lib/session/session-api';
import { noteSessionEnd } from '../../lib/session/session-end';
import { clearSession } from '../../lib/session/session-store';
import { getStoredUser } from '../../lib/session/session-user';

// Loaded when Salir is chosen: the outbox (IndexedDB) is not part of every screen's first load.
const offlineData = () => import('./logout-offline');

/**
 * SPEC §2 logout confirmation. Accepting calls POST /auth/logout, clears the session and goes to
 * /login — also when the call fails: the user asked to leave, and the server revokes stale
 * refresh tokens on its own. The phone is a shared device (issue 45): the question says how many
 * offline changes would be lost, and leaving wipes the outbox, the site data and the cached answers.
 */
export function useLogout(): () => void {
  const confirm = useConfirm();
  const loading = useLoading();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  const logout = useCallback(async () => {
    await loading.run(logoutRequest().catch(() => undefined));
    await (await offlineData()).wipeOfflineData().catch(() => undefined);
    noteSessionEnd('logout');
    clearSession();
    await navigate(ROUTES.login.path, { replace: true });
    // Once off the signed-in screens: cleared earlier, their queries would fetch again (and store the user back).
    queryClient.clear();
  }, [loading, navigate, queryClient]);

  return useCallback(() => {
    const user = getStoredUser();
    void (async () => {
      const offline = await offlineData();
      const unsent = user ? await offline.unsentCount(user.id).catch(() => 0) : 0;
      confirm.require({
        header: es.confirmHeader,
        message: unsent > 0 ? offline.offlineTexts.logoutWithUnsent(unsent) : es.logoutConfirm.message,
        icon: unsent > 0 ? 'pi pi-exclamation-triangle' : 'pi pi-sign-out',
        acceptLabel: es.logoutConfirm.accept,
        rejectLabel: es.logoutConfirm.reject,
        acceptClassName: 'p-button-danger',
        defaultFocus: 'reject',
        accept: () => void logout(),
      });
    })();
  }, [confirm, logout]);
}
