import { Suspense, useState } from 'react';
import { matchPath, Navigate, Outlet, useLocation, useNavigation } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { ProgressBar } from 'primereact/progressbar';
import { Sidebar } from 'primereact/sidebar';
import { MENU, ROUTES } from '@goc/contracts';
import { PrimeProvider } from '../../components/prime/prime-provider';
import { ConfirmPasswordHost } from '../../components/reauth/confirm-password-host';
import { es } from '../../i18n/es';
import { registerSpanishLocale } from '../../i18n/prime-locale';
import { useCurrentRoute, useDocumentTitle } from '../../lib/routing/current-route';
import { currentUserQuery, permissionsQuery } from '../../lib/session/session-api';
import { loginPathFor } from '../../lib/session/session-end';
import { useHasToken } from '../../lib/session/session-store';
import { useSessionUser } from '../../lib/session/session-user';
import { useIsMobile } from '../../lib/use-media-query';
import { Header } from './header';
import { PageLoading } from './page-loading';
import { SessionKeeperHost } from './session-keeper';
import { SidebarNav } from './sidebar-nav';
import { useSidebarCollapsed } from './sidebar-state';
import { useLogout } from './use-logout';
import '../prime-theme.css';

// PrimeReact's Spanish texts (calendars, tables) come with the shell: the login screen uses no PrimeReact widget.
registerSpanishLocale();

/** The sidebar group holding the page (its own item or a parent's, e.g. Crear Oficina → Altas y Bajas). */
function sectionOf(pathname: string): string | null {
  for (const entry of MENU) {
    if (entry.kind === 'group' && entry.children.some((c) => matchPath({ path: ROUTES[c.route].path, end: false }, pathname))) return entry.label;
  }
  return null;
}

/** Every route but /login: sidebar (a drawer below 768 px), header with the page title, the page. */
export function ShellLayout() {
  const route = useCurrentRoute();
  const title = route?.title ?? '';
  useDocumentTitle(title);

  // SPEC §2/§6: on shell load the current user and the permissions are refreshed from the API (asked
  // for by the shell route's loader, app/guards). Their answers reach the screen through the session's
  // stores, so the shell does not render again when they arrive (no props of the queries watched); the
  // loader has just asked, so mounting does not ask again.
  useQuery({ ...currentUserQuery, notifyOnChangeProps: [], refetchOnMount: false });
  useQuery({ ...permissionsQuery, notifyOnChangeProps: [], refetchOnMount: false });
  const user = useSessionUser();
  const hasToken = useHasToken();

  const isMobile = useIsMobile();
  const [collapsed, setCollapsed] = useSidebarCollapsed();
  const location = useLocation();
  // The drawer belongs to the location it was opened on: any navigation closes it.
  const [drawerOpenedAt, setDrawerOpenedAt] = useState<string | null>(null);
  const drawerOpen = isMobile && drawerOpenedAt === location.key;
  const navigating = useNavigation().state !== 'idle';
  const confirmLogout = useLogout();

  // Another tab logged out (storage event) or the session expired: nothing here is valid any more.
  // Signing in again comes back to this page (/login?next=), unless the person logged out.
  if (!hasToken) return <Navigate to={loginPathFor(location)} replace />;

  const onMenu = () => (isMobile ? setDrawerOpenedAt(location.key) : setCollapsed(!collapsed));
  const sidebarWidth = collapsed ? 'md:pl-[4.75rem]' : 'md:pl-[16.5rem]';

  return (
    <PrimeProvider>
      <SessionKeeperHost />
      <ConfirmPasswordHost />
      <div className="min-h-screen bg-slate-50">
        {isMobile ? (
          <Sidebar
            visible={drawerOpen}
            onHide={() => setDrawerOpenedAt(null)}
            position="left"
            blockScroll
            ariaCloseLabel={es.close}
            className="w-[20rem] max-w-[85vw] bg-slate-900"
            maskClassName="bg-slate-950/60"
            content={() => <SidebarNav onLogout={confirmLogout} onClose={() => setDrawerOpenedAt(null)} />}
          />
        ) : (
          <aside
            className={`fixed inset-y-0 left-0 z-40 overflow-hidden shadow-xl shadow-slate-900/10 transition-[width] duration-200 ${collapsed ? 'w-[4.75rem]' : 'w-[16.5rem]'}`}
          >
            <SidebarNav collapsed={collapsed} onExpand={() => setCollapsed(false)} onLogout={confirmLogout} />
          </aside>
        )}
        <div className={`flex min-h-screen flex-col transition-[padding] duration-200 ${isMobile ? '' : sidebarWidth}`}>
          <Header title={title} section={sectionOf(location.pathname)} user={user} isMobile={isMobile} collapsed={collapsed} onMenu={onMenu} onLogout={confirmLogout} />
          <div className="relative h-[3px] shrink-0">
            {navigating && <ProgressBar mode="indeterminate" className="absolute inset-0 h-[3px] rounded-none" aria-label={es.loading} />}
          </div>
          <main className="mx-auto w-full max-w-[90rem] flex-1 px-3 pt-3 pb-8 md:px-6 md:pt-5">
            <Suspense fallback={<PageLoading />}>
              <Outlet />
            </Suspense>
          </main>
        </div>
      </div>
    </PrimeProvider>
  );
}
