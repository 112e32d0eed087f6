import { useMemo } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { CATALOGS, completePermissions, rolePermissionSchema, type PermissionEntry, type RolePermission } from '@goc/contracts';
import { z } from 'zod';
import { CrudPage } from '../../components/list/crud-page';
import type { FormExtension } from '../../components/form/use-record-form';
import { queryKeys } from '../../lib/api/query-keys';
import { usePermissions } from '../../lib/session/permissions-store';
import { useSessionUser } from '../../lib/session/session-store';
import { PermissionMatrix } from './permission-matrix';

const matrixSchema = z.array(rolePermissionSchema);

/** The role's name and description come from its declaration; the matrix is added to the form. */
function matrixExtension(held: readonly PermissionEntry[]): FormExtension {
  return {
    initialValues: (record) => {
      const stored = matrixSchema.safeParse(record?.permissions);
      return { permissions: completePermissions(stored.success ? stored.data : []) };
    },
    render: ({ values, errors, setValue }) => (
      <PermissionMatrix
        value={values.permissions as RolePermission[]}
        onChange={(next) => setValue('permissions', next)}
        error={errors.permissions}
        held={held}
      />
    ),
  };
}

/** /catalogos/permisos: roles and their permission matrix. */
export default function RolesPage() {
  const user = useSessionUser();
  const queryClient = useQueryClient();
  const roleId = user?.role.id;
  const { permissions } = usePermissions();
  const extension = useMemo(() => matrixExtension(permissions), [permissions]);

  const onSaved = useMemo(
    () => (row: { id: number }) => {
      // The signed-in user's own role changed: reload their permissions so the sidebar follows now.
      if (row.id === roleId) {
        void queryClient.invalidateQueries({ queryKey: queryKeys.permissions });
        void queryClient.invalidateQueries({ queryKey: queryKeys.currentUser });
      }
    },
    [queryClient, roleId],
  );

  return <CrudPage resource={CATALOGS.roles} formExtension={extension} formWidth="56rem" onSaved={onSaved} />;
}
