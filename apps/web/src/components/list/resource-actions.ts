import type { ActionDeclaration } from '@goc/contracts';
import { listTexts } from './list-texts';
import type { ListResource, ResourceRow } from './resource-types';
import type { RowAction } from './row-actions';
import { useRowPermissions } from './row-permissions';

export interface ResourceActionHandlers {
  /** Page actions (employee details, PDF…), before the standard ones; each page checks its own permission. */
  extraActions?: readonly RowAction[];
  onEdit?: (row: ResourceRow) => void;
  onHistory?: (row: ResourceRow) => void;
  onDelete?: (row: ResourceRow) => void;
  onTransition?: (row: ResourceRow, action: ActionDeclaration) => void;
  /** Workflow steps that can be taken without signal, by the status they lead to: what each does then. */
  offlineTransitions?: OfflineTransitions;
}

/** What a workflow step does without signal (keeps it in the outbox), by the status it leads to. */
export type OfflineTransitions = Readonly<Partial<Record<string, (row: ResourceRow) => void>>>;

/** PrimeReact Tag severities as Button severities. */
const buttonSeverity = (severity: ActionDeclaration['severity']): RowAction['severity'] =>
  severity === 'warn' ? 'warning' : severity === undefined ? 'secondary' : severity;

/**
 * Every action of a resource's rows, in the order a row shows them: the page's own, the workflow's
 * (each on the rows whose status and owner allow it for this user), Editar, Historial, Eliminar —
 * each only with its declared permission. The workflow's steps and Editar are the prominent ones;
 * the workflow's danger actions (Cancelar, Rechazar) and Eliminar are destructive. Steps and Eliminar
 * need the server: without signal they are disabled saying so, unless the page gives a step its
 * offline way. The same list serves a list row and the record's own view.
 */
export function useResourceActions(resource: ListResource, { extraActions = [], onEdit, onHistory, onDelete, onTransition, offlineTransitions = {} }: ResourceActionHandlers): RowAction[] {
  const rights = useRowPermissions(resource);
  const workflowActions: RowAction[] = onTransition
    ? (resource.workflow?.actions ?? []).map((action) => ({
        key: `transition-${action.to}-${action.label}`,
        icon: action.icon,
        label: action.label,
        severity: buttonSeverity(action.severity),
        onClick: (row: ResourceRow) => onTransition(row, action),
        visible: (row: ResourceRow) => rights.actionsOf(row).includes(action),
        needsConnection: true,
        ...(offlineTransitions[action.to] ? { offline: offlineTransitions[action.to] } : {}),
        ...(action.severity === 'danger' ? { destructive: true } : { prominent: true }),
      }))
    : [];
  return [
    ...extraActions,
    ...workflowActions,
    ...(onEdit && rights.canEdit ? [{ key: 'edit', icon: 'pi pi-pencil', label: listTexts.edit, onClick: onEdit, visible: rights.canEditRow, prominent: true }] : []),
    ...(onHistory ? [{ key: 'history', icon: 'pi pi-history', label: listTexts.history, onClick: onHistory }] : []),
    ...(onDelete && rights.canDelete
      ? [{ key: 'delete', icon: 'pi pi-trash', label: listTexts.delete, onClick: onDelete, severity: 'danger' as const, visible: rights.canDeleteRow, destructive: true, needsConnection: true }]
      : []),
  ];
}
