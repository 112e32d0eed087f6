import { useState } from 'react';
import { Checkbox } from 'primereact/checkbox';
import { ACTION_LABELS, ACTIONS, can, flagsBeyond, moduleActions, MODULES, type Action, type PermissionEntry, type RolePermission } from '@goc/contracts';

/** Which cells the editor may set; by default all of them. */
type Allowed = (module: string, action: Action) => boolean;
const anything: Allowed = () => true;

export const MATRIX_TEXTS = {
  notApplicable: 'No aplica',
  lockedRole: 'Este rol tiene permisos que tu rol no tiene: no puedes cambiar sus permisos.',
  notGrantable: 'Las casillas desactivadas son permisos que tu rol no tiene: no puedes otorgarlos.',
} as const;

/** Sets one flag of one module. */
export function toggleCell(matrix: readonly RolePermission[], module: string, action: Action, on: boolean): RolePermission[] {
  return matrix.map((row) => (row.module === module ? { ...row, [action]: on } : row));
}

/** A flag the module uses (Aprobación de pedidos only views and edits). */
const applies = (module: string, action: Action) => moduleActions(module).includes(action);

/** Whole row: the flags of one module the editor may set. */
export function toggleRow(matrix: readonly RolePermission[], module: string, on: boolean, allowed: Allowed = anything): RolePermission[] {
  return matrix.map((row) => {
    if (row.module !== module) return row;
    const next = { ...row };
    for (const action of ACTIONS) if (applies(module, action) && allowed(module, action)) next[action] = on;
    return next;
  });
}

/** Whole column: one flag on every module where the editor may set it. */
export function toggleColumn(matrix: readonly RolePermission[], action: Action, on: boolean, allowed: Allowed = anything): RolePermission[] {
  return matrix.map((row) => (applies(row.module, action) && allowed(row.module, action) ? { ...row, [action]: on } : row));
}

interface PermissionMatrixProps {
  value: readonly RolePermission[];
  onChange: (next: RolePermission[]) => void;
  error?: string;
  /**
   * The editor's own permissions. Nobody grants a flag they lack (the API refuses it too): those cells
   * are disabled, and a role that already holds such a flag cannot have its matrix changed at all.
   */
  held?: readonly PermissionEntry[];
}

/** The role's 24 modules × view / create / edit / delete, with whole-row and whole-column toggles. */
export function PermissionMatrix({ value, onChange, error, held }: PermissionMatrixProps) {
  // Decided on the role as it was opened, not on the flags being edited.
  const [locked] = useState(() => held !== undefined && flagsBeyond(held, value).length > 0);
  const permitted: Allowed = (module, action) => !locked && (held === undefined || can(held, module, action));
  const allowed: Allowed = (module, action) => applies(module, action) && permitted(module, action);
  const someDisabled = !locked && MODULES.some(({ name }) => moduleActions(name).some((action) => !permitted(name, action)));
  const rowOf = (module: string) => value.find((row) => row.module === module);
  const allowedIn = (module: string) => ACTIONS.filter((action) => allowed(module, action));
  const modulesAllowing = (action: Action) => value.filter((row) => allowed(row.module, action));
  const everyModuleAllows = (action: Action) => modulesAllowing(action).length > 0 && modulesAllowing(action).every((row) => row[action]);
  const allOf = (row: RolePermission) => allowedIn(row.module).length > 0 && allowedIn(row.module).every((action) => row[action]);

  return (
    <fieldset className="m-0 min-w-0 border-0 p-0">
      <legend className="mb-2 text-sm font-medium">Permisos por módulo</legend>
      {error && (
        <small className="mb-2 flex items-start gap-1 text-red-600" role="alert">
          <i className="pi pi-times-circle mt-0.5 text-xs" aria-hidden="true" />
          {error}
        </small>
      )}
      {/* Its own scroll box, so the header row (Ver, Crear, Editar, Eliminar) stays in sight over the modules. */}
      <div className="max-h-[60vh] overflow-auto rounded-lg border border-solid border-(--surface-border)">
        <table className="w-full border-collapse text-sm" aria-label="Matriz de permisos">
          <thead className="sticky top-0 z-10 bg-(--surface-50) shadow-[0_1px_0_var(--surface-border)]">
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
                      disabled={modulesAllowing(action).length === 0}
                      onChange={(event) => onChange(toggleColumn(value, action, event.checked === true, allowed))}
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
                    <Checkbox
                      checked={allOf(row)}
                      disabled={allowedIn(name).length === 0}
                      onChange={(event) => onChange(toggleRow(value, name, event.checked === true, allowed))}
                      aria-label={`${label}: todos los permisos`}
                    />
                  </td>
                  {ACTIONS.map((action) => (
                    <td key={action} className="px-1 py-1.5 text-center sm:px-2">
                      {applies(name, action) ? (
                        <Checkbox
                          checked={row[action]}
                          disabled={!allowed(name, action)}
                          onChange={(event) => onChange(toggleCell(value, name, action, event.checked === true))}
                          aria-label={`${label}: ${ACTION_LABELS[action]}`}
                        />
                      ) : (
                        <span className="text-(--text-color-secondary)" title={MATRIX_TEXTS.notApplicable}>
                          <span aria-hidden="true">—</span>
                          <span className="sr-only">{`${label}: ${ACTION_LABELS[action]} — ${MATRIX_TEXTS.notApplicable}`}</span>
                        </span>
                      )}
                    </td>
                  ))}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {(locked || someDisabled) && (
        <p className="mt-2 mb-0 text-xs text-(--text-color-secondary)">{locked ? MATRIX_TEXTS.lockedRole : MATRIX_TEXTS.notGrantable}</p>
      )}
      <p className="mt-2 mb-0 text-xs text-(--text-color-secondary)">
        Con cualquier permiso marcado el módulo aparece en el menú. Los cambios se aplican a los usuarios del rol en su siguiente acción.
      </p>
    </fieldset>
  );
}
