import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CATALOGS, savedMessage } from '@goc/contracts';
import { useConfirm } from '../../components/confirm/use-confirm';
import { CrudPage } from '../../components/list/crud-page';
import type { ResourceRow } from '../../components/list/resource-types';
import type { RowAction } from '../../components/list/row-actions';
import { useLoading } from '../../components/loading/use-loading';
import { useToast } from '../../components/toast/use-toast';
import { errorMessage } from '../../lib/api/api-error';
import { usePermissions } from '../../lib/session/permissions-store';
import { ResetPasswordDialog } from './reset-password-dialog';
import { endUserSessions, removeSecondFactor, setUserActive } from './users-api';
import { usersTexts } from './users-texts';

const users = CATALOGS.users;
const usernameOf = (row: ResourceRow) => String(row.username ?? '');

/** /usuarios: accounts, their role and employee; reset password; end all sessions; activate / deactivate. */
export default function UsersPage() {
  const { can } = usePermissions();
  const confirm = useConfirm();
  const loading = useLoading();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [resetting, setResetting] = useState<ResourceRow | null>(null);

  const activation = useMutation({
    mutationFn: ({ row, active }: { row: ResourceRow; active: boolean }) => setUserActive(row.id, active, row.version),
    onSuccess: async (_, { active }) => {
      toast.add({ severity: 'success', summary: savedMessage(users.nouns, active ? 'activated' : 'deactivated'), life: 3000 });
      await queryClient.invalidateQueries({ queryKey: ['resource'] });
    },
    // The server refuses to deactivate the last active administrator, in Spanish.
    onError: (error) => toast.add({ severity: 'error', summary: usersTexts.activationFailed, detail: errorMessage(error), life: 8000 }),
  });

  const endSessions = useMutation({
    mutationFn: (row: ResourceRow) => endUserSessions(row.id),
    onSuccess: (_, row) => toast.add({ severity: 'success', summary: usersTexts.sessionsEnded(usernameOf(row)), life: 4000 }),
    onError: (error) => toast.add({ severity: 'error', summary: usersTexts.endSessionsFailed, detail: errorMessage(error), life: 8000 }),
  });
  const askEndSessions = (row: ResourceRow) =>
    confirm.require({
      header: usersTexts.endSessions,
      message: usersTexts.endSessionsConfirm(usernameOf(row)),
      icon: 'pi pi-sign-out',
      acceptLabel: usersTexts.endSessions,
      acceptClassName: 'p-button-danger',
      defaultFocus: 'reject',
      accept: () => void loading.run(endSessions.mutateAsync(row)).catch(() => undefined),
    });

  const askActivation = (row: ResourceRow, active: boolean) =>
    confirm.require({
      header: active ? usersTexts.activate : usersTexts.deactivate,
      message: active ? usersTexts.activateConfirm(usernameOf(row)) : usersTexts.deactivateConfirm(usernameOf(row)),
      icon: active ? 'pi pi-check-circle' : 'pi pi-ban',
      acceptLabel: active ? usersTexts.activate : usersTexts.deactivate,
      acceptClassName: active ? undefined : 'p-button-danger',
      defaultFocus: 'reject',
      accept: () => void loading.run(activation.mutateAsync({ row, active })).catch(() => undefined),
    });

  // A lost phone (docs/security.md): the user signs in with the password alone, or enrols again if the role requires it.
  const secondFactor = useMutation({
    mutationFn: (row: ResourceRow) => removeSecondFactor(row.id),
    onSuccess: () => toast.add({ severity: 'success', summary: usersTexts.secondFactorRemoved, life: 4000 }),
    onError: (error) => toast.add({ severity: 'error', summary: usersTexts.secondFactorRemoveFailed, detail: errorMessage(error), life: 8000 }),
  });
  const askRemoveSecondFactor = (row: ResourceRow) =>
    confirm.require({
      header: usersTexts.removeSecondFactor,
      message: usersTexts.removeSecondFactorConfirm(usernameOf(row)),
      icon: 'pi pi-shield',
      acceptLabel: usersTexts.removeSecondFactor,
      acceptClassName: 'p-button-danger',
      defaultFocus: 'reject',
      accept: () => void loading.run(secondFactor.mutateAsync(row)).catch(() => undefined),
    });

  const canEdit = can(users.module, 'edit');
  const actions: RowAction[] = canEdit
    ? [
        { key: 'reset-password', icon: 'pi pi-key', label: usersTexts.resetPassword, onClick: setResetting },
        { key: 'remove-second-factor', icon: 'pi pi-shield', label: usersTexts.removeSecondFactor, onClick: askRemoveSecondFactor },
        { key: 'end-sessions', icon: 'pi pi-sign-out', label: usersTexts.endSessions, onClick: askEndSessions, visible: (row) => row.active === true },
        { key: 'deactivate', icon: 'pi pi-ban', label: usersTexts.deactivate, onClick: (row) => askActivation(row, false), visible: (row) => row.active === true, severity: 'warning' },
        { key: 'activate', icon: 'pi pi-check-circle', label: usersTexts.activate, onClick: (row) => askActivation(row, true), visible: (row) => row.active !== true, severity: 'success' },
      ]
    : [];

  return (
    <CrudPage resource={users} extraActions={actions}>
      {resetting && <ResetPasswordDialog userId={resetting.id} username={usernameOf(resetting)} onHide={() => setResetting(null)} />}
    </CrudPage>
  );
}
