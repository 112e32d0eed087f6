import { useId, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { ROUTES, type MovementScope } from '@goc/contracts';
import { ReferencePicker } from '../../components/form/inputs/reference-picker';
import { CrudPage } from '../../components/list/crud-page';
import { StatusTag } from '../../components/list/status-tag';
import { useListUrlState } from '../../components/list/list-url-state';
import type { ResourceRow } from '../../components/list/resource-types';
import type { RowAction } from '../../components/list/row-actions';
import { usePermissions } from '../../lib/session/permissions-store';
import { useMovementForm } from './movement-form';
import { MOVEMENT_MODULES, MOVEMENT_RESOURCES } from './movement-resources';
import { useDraftToReopen } from '../../components/form/form-draft';
import { MovementStatusDialog, STATUS_DRAFT_OWNER } from './movement-status-dialog';
import { movementTexts } from './movement-texts';
import { useShownWeek, weekFilters, WeekPicker } from './movement-week';

/** "Fuera de plazo" as a warning tag; a movement in time shows nothing. */
const CELLS = {
  late: (row: ResourceRow) => (row.late === true ? <StatusTag severity="warn" label={movementTexts.late} /> : <span className="text-(--text-color-secondary)">—</span>),
};

/** The work chosen in the toolbar is the list's own `workId` filter (in the URL, like a column filter). */
function WorkFilter({ scope }: { scope: MovementScope }) {
  const id = useId();
  const { query, update } = useListUrlState(MOVEMENT_RESOURCES[scope].listFields);
  const constraint = query.filters.workId?.constraints[0];
  const value = constraint?.matchMode === 'equals' && typeof constraint.value === 'number' ? constraint.value : null;
  const choose = (workId: number | null) => {
    const { workId: _previous, ...others } = query.filters;
    update({ filters: workId === null ? others : { ...others, workId: { operator: 'and', constraints: [{ matchMode: 'equals', value: workId }] } }, page: 1 });
  };
  return (
    <div className="flex w-full items-center gap-2 sm:w-72">
      <label htmlFor={id} className="text-sm font-medium">
        {movementTexts.workFilter}
      </label>
      <ReferencePicker id={id} target="works" value={value} onChange={choose} className="min-w-0 flex-1" />
    </div>
  );
}

/**
 * Altas, bajas and salary changes of one scope, a week at a time (the week's cut), on the shared
 * list: status tags, "fuera de plazo", history, export, the statuses dialog for the scope's edit
 * flag. The office creates on its own page (Crear Oficina); the works in the same form as a dialog.
 */
export function MovementListPage({ scope }: { scope: MovementScope }) {
  const resource = MOVEMENT_RESOURCES[scope];
  const navigate = useNavigate();
  const { can } = usePermissions();
  const weekId = useId();
  const { week, isCurrent, show } = useShownWeek();
  const filters = useMemo(() => weekFilters(week), [week]);
  const form = useMovementForm(scope);
  const [statusOf, setStatusOf] = useState<ResourceRow | null>(null);
  useDraftToReopen(STATUS_DRAFT_OWNER, (context) => setStatusOf(context as ResourceRow));

  const actions: RowAction[] = can(MOVEMENT_MODULES[scope], 'edit')
    ? [{ key: 'status', icon: 'pi pi-tags', label: movementTexts.changeStatus, onClick: setStatusOf, needsConnection: true }]
    : [];

  return (
    <div className="flex flex-col gap-3">
      <div className="goc-card flex flex-wrap items-center justify-between gap-3 p-3">
        <WeekPicker id={weekId} week={week} isCurrent={isCurrent} onChange={show} />
        {scope === 'obra' && <WorkFilter scope={scope} />}
      </div>
      <CrudPage
        resource={resource}
        baseParams={{ scope }}
        baseFilters={filters}
        createLabel={movementTexts.create}
        {...(scope === 'oficina' ? { onCreate: () => navigate(ROUTES.registryOfficeCreate.path) } : {})}
        formShape={form.shape}
        formExtension={form.extension}
        formWidth="56rem"
        deletable={false}
        attachments="movements"
        cells={CELLS}
        extraActions={actions}
      >
        {statusOf && <MovementStatusDialog row={statusOf} onHide={() => setStatusOf(null)} />}
      </CrudPage>
    </div>
  );
}
