import { Checkbox } from 'primereact/checkbox';
import { ACTIONS, MODULES, type Action, type RolePermission } from '@goc/contracts';

export const ACTION_LABELS: Record<Action, string> = { view: 'Ver', create: 'Crear', edit: 'Editar', delete: 'Eliminar' };

const allOf = (row: RolePermission) => ACTIONS.every((action) => row[action]);

/** Sets one flag of one module. */
export function toggleCell(matrix: readonly RolePermission[], module: string, action: Action, on: boolean): RolePermission[] {
  return matrix.map((row) => (row.module === module ? { ...row, [action]: on } : row));
}

/** Whole row: the four flags of one module. */
export function toggleRow(matrix: readonly RolePermission[], module: string, on: boolean): RolePermission[] {
  return matrix.map((row) => (row.module === module ? { ...row, view: on, create: on, edit: on, delete: on } : row));
}

/** Whole column: one flag on every module. */
export function toggleColumn(matrix: readonly RolePermission[], action: Action, on: boolean): RolePermission[] {
  return matrix.map((row) => ({ ...row, [action]: on }));
}

interface PermissionMatrixProps {
  value: readonly RolePermission[];
  onChange: (next: RolePermission[]) => void;
  error?: string;
}

/** The role's 22 modules × view / create / edit / delete, with whole-row and whole-column toggles. */
export function PermissionMatrix({ value, onChange, error }: PermissionMatrixProps) {
  const rowOf = (module: string) => value.find((row) => row.module === module);
  const everyModuleAllows = (action: Action) => value.length > 0 && value.every((row) => row[action]);

  return (
    <fieldset className="m-0 min-w-0 border-0 p-0">
      <legend className="mb-2 text-sm font-medium">Permisos por módulo</legend>
      {error && (
        <small className="mb-2 flex items-start gap-1 text-red-600" role="alert">
          <i className="pi pi-times-circle mt-0.5 text-xs" aria-hidden="true" />
          {error}
        </small>
      )}
      <div className="overflow-x-auto rounded-lg border border-solid border-(--surface-border)">
        <table className="w-full border-collapse text-sm" aria-label="Matriz de permisos">
          <thead className="bg-(--surface-50)">
            <tr>
              <th scope="col" className="px-2 py-2 text-left font-semibold sm:px-3">
                Módulo
              </th>
              <th scope="col" className="px-1 py-2 text-center text-xs font-semibold sm:px-2 sm:text-sm">
                Todo
              </th>
              {ACTIONS.map((action) => (
                <th key={action} scope="col" className="px-1 py-2 text-center text-xs font-semibold sm:px-2 sm:text-sm">
                  <label className="flex cursor-pointer flex-col items-center gap-1">
                    <span>{ACTION_LABELS[action]}</span>
                    <Checkbox
                      checked={everyModuleAllows(action)}
                      onChange={(event) => onChange(toggleColumn(value, action, event.checked === true))}
                      aria-label={`${ACTION_LABELS[action]}: todos los módulos`}
                    />
                  </label>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {MODULES.map(({ name, label }) => {
              const row = rowOf(name);
              if (!row) return null;
              return (
                <tr key={name} className="border-0 border-t border-solid border-(--surface-border) hover:bg-(--surface-50)">
                  <th scope="row" className="px-2 py-1.5 text-left text-xs font-normal sm:px-3 sm:text-sm">
                    {label}
                  </th>
                  <td className="px-1 py-1.5 text-center sm:px-2">
                    <Checkbox checked={allOf(row)} onChange={(event) => onChange(toggleRow(value, name, event.checked === true))} aria-label={`${label}: todos los permisos`} />
                  </td>
                  {ACTIONS.map((action) => (
                    <td key={action} className="px-1 py-1.5 text-center sm:px-2">
                      <Checkbox
                        checked={row[action]}
                        onChange={(event) => onChange(toggleCell(value, name, action, event.checked === true))}
                        aria-label={`${label}: ${ACTION_LABELS[action]}`}
                      />
                    </td>
                  ))}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <p className="mt-2 mb-0 text-xs text-(--text-color-secondary)">
        Con cualquier permiso marcado el módulo aparece en el menú. Los cambios se aplican a los usuarios del rol en su siguiente acción.
      </p>
    </fieldset>
  );
}
