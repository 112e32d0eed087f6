import { lazy, Suspense, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Menu } from 'primereact/menu';
import type { MenuItem } from 'primereact/menuitem';
import { ROUTES, type SessionUser } from '@goc/contracts';
import { es } from '../../i18n/es';
import { install, useInstallOffer } from '../../lib/install-prompt';
import { pwaTexts } from '../pwa/pwa-texts';
import { UserAvatar } from './user-avatar';
import { displayName } from './user-identity';

// Loaded when opened: its form (react-hook-form, the password field) is not on every screen's first load.
const ChangePasswordDialog = lazy(() => import('../../features/users/change-password-dialog').then((m) => ({ default: m.ChangePasswordDialog })));
const TwoFactorDialog = lazy(() => import('../../features/auth/two-factor-dialog').then((m) => ({ default: m.TwoFactorDialog })));

interface UserMenuProps {
  user: SessionUser;
  onLogout: () => void;
}

/** Header's user button: avatar, name and role; its menu holds Cambiar contraseña, Verificación en dos pasos, Sesiones, the notification preferences, Instalar GOC when the browser offers it, and Salir (SPEC §2). */
export function UserMenu({ user, onLogout }: UserMenuProps) {
  const menu = useRef<Menu>(null);
  const [changingPassword, setChangingPassword] = useState(false);
  const [twoFactor, setTwoFactor] = useState(false);
  const navigate = useNavigate();
  const installOffered = useInstallOffer();
  const name = displayName(user);
  const items: MenuItem[] = [
    {
      template: () => (
        <div className="flex items-center gap-3 px-4 py-3">
          <UserAvatar user={user} size="large" />
          <div className="flex min-w-0 flex-col">
            <span className="truncate font-semibold text-(--text-color)">{name}</span>
            {name !== user.username && <span className="truncate text-sm text-(--text-color-secondary)">{user.username}</span>}
            <span className="truncate text-xs text-(--text-color-secondary)">{user.role.name}</span>
          </div>
        </div>
      ),
    },
    { separator: true },
    { label: 'Cambiar contraseña', icon: 'pi pi-key', command: () => setChangingPassword(true) },
    { label: 'Verificación en dos pasos', icon: 'pi pi-shield', command: () => setTwoFactor(true) },
    { label: ROUTES.sessions.title, icon: 'pi pi-desktop', command: () => void navigate(ROUTES.sessions.path) },
    { label: ROUTES.notificationPreferences.title, icon: 'pi pi-bell', command: () => void navigate(ROUTES.notificationPreferences.path) },
    // Only while the browser offers it: not once installed, nor where installing is not offered.
    ...(installOffered ? [{ label: pwaTexts.install, icon: 'pi pi-download', command: () => void install() }] : []),
    { label: es.logout, icon: 'pi pi-sign-out', command: onLogout },
  ];

  return (
    <>
      <button
        type="button"
        aria-haspopup="menu"
        aria-controls="goc-user-menu"
        onClick={(event) => menu.current?.toggle(event)}
        className="flex max-w-[18rem] cursor-pointer items-center gap-3 rounded-full border-0 bg-transparent py-1 pr-2 pl-1 text-left transition-colors hover:bg-slate-100 focus-visible:ring-2 focus-visible:ring-blue-400 focus-visible:outline-none md:rounded-lg md:pr-3"
      >
        {/* Named by its content, so the name contains the visible user and role (WCAG 2.5.3). */}
        <span className="sr-only">{es.userMenu}: </span>
        <UserAvatar user={user} />
        <span className="hidden min-w-0 flex-col leading-tight md:flex">
          <span className="truncate text-sm font-semibold text-slate-800" data-testid="header-user-name">
            {name}
          </span>
          <span className="truncate text-xs text-slate-500" data-testid="header-user-role">
            {user.role.name}
          </span>
        </span>
        <i className="pi pi-angle-down hidden text-xs text-slate-500 md:inline" aria-hidden="true" />
      </button>
      <Menu id="goc-user-menu" ref={menu} model={items} popup popupAlignment="right" className="w-64" />
      {changingPassword && (
        <Suspense fallback={null}>
          <ChangePasswordDialog onHide={() => setChangingPassword(false)} />
        </Suspense>
      )}
      {twoFactor && (
        <Suspense fallback={null}>
          <TwoFactorDialog onHide={() => setTwoFactor(false)} />
        </Suspense>
      )}
    </>
  );
}
