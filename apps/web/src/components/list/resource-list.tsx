import { useEffect, useMemo, useRef, type ReactNode } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable, type DataTableFilterMeta, type DataTableSortMeta } from 'primereact/datatable';
import { Message } from 'primereact/message';
import { MultiSelect } from 'primereact/multiselect';
import { Skeleton } from 'primereact/skeleton';
import { MAX_CONSTRAINTS_PER_FIELD, PAGE_SIZE_OPTIONS, rowLabel, type ActionDeclaration, type AttachableResource, type Filters, type ListResponse, type SortEntry } from '@goc/contracts';
import { errorMessage, isConnectionError } from '../../lib/api/api-error';
import { useIsMobile } from '../../lib/use-media-query';
import { CellValue } from './cell-value';
import { useColumnVisibility } from './column-visibility';
import { ExportButtons, type ExportVariant } from './export-buttons';
import { fromTableFilters, matchModeOptions, toTableFilters } from './filter-model';
import { listColumns } from './list-columns';
import { listTexts } from './list-texts';
import { useListUrlState } from './list-url-state';
import { listRequestParams } from '../../lib/resources/list-request';
import { fetchList } from '../../lib/resources/records';
import { resourceKeys } from '../../lib/resources/query-keys';
import { PageDocumentsProvider, RowPaperclip } from '../attachments/attachment-count';
import { attachmentsTexts } from '../attachments/attachments-texts';
import type { ListResource, ResourceRow } from './resource-types';
import { useResourceActions, type OfflineTransitions } from './resource-actions';
import { LabelledRowActions, RowActions, useRowActionsMenu, type RowAction } from './row-actions';
import { useRowPermissions } from './row-permissions';
import { RowCheckbox, SelectionBar, selectionTexts, useRowSelection, type RowSelection } from './row-selection';
import { SearchBox } from './search-box';
import { columnFilterPassThrough, focusFilterButton, TABLE_PASS_THROUGH } from './table-aria';
import { whenIdle } from '../../lib/when-idle';
import { lazyComponent } from '../lazy-component';

// A column's filter editor (pickers, calendar) downloads when its filter menu first opens.
const FilterInput = lazyComponent(async () => (await import('./filter-input')).FilterInput);
/** Where the browser has no idle callback (Safari), the filter editors' download waits this long after the rows. */
const IDLE_FALLBACK_MS = 1000;

/** A page of rows kept on the phone, with what the list says above them (which rows its search and filters look at). */
export type OfflinePage = ListResponse<ResourceRow> & { notice: string };
export type OfflineList = (params: Readonly<Record<string, string>>) => Promise<OfflinePage | null>;

export interface ResourceListProps {
  resource: ListResource;
  /** "Nuevo": shown only when given and the user holds the declared create permission. */
  onCreate?: () => void;
  /** Edit action: shown only with the declared edit permission, on rows the guards allow. */
  onEdit?: (row: ResourceRow) => void;
  /** History action: shown to whoever sees the list. */
  onHistory?: (row: ResourceRow) => void;
  /** Delete action: shown only with the declared delete permission, on rows the guards allow. */
  onDelete?: (row: ResourceRow) => void;
  /** Workflow actions (Enviar, Autorizar…): each shown on the rows whose status and owner allow it for this user. */
  onTransition?: (row: ResourceRow, action: ActionDeclaration) => void;
  /** Workflow steps taken without signal, by the status they lead to (the rest are disabled offline). */
  offlineTransitions?: OfflineTransitions;
  /** The rows kept on the phone, answered when the server cannot be reached (Mis Pedidos' own orders); null: none kept. */
  offlineList?: OfflineList;
  /** Parameters of the view every request carries (scope=mine), kept out of the URL. */
  baseParams?: Readonly<Record<string, string>>;
  /** Filters of the view every request carries with the user's, kept out of the URL (the week shown); they win on the same field. */
  baseFilters?: Filters;
  /** Label of "Nuevo" ("Nuevo movimiento"). */
  createLabel?: string;
  /** Further row actions, placed before the standard ones; each page checks its own permission. */
  extraActions?: readonly RowAction[];
  /** Excel / CSV export of the filtered set (default on). */
  exportable?: boolean;
  /** A page's own cells for some columns, by field name (a movement's "fuera de plazo" as a warning tag). */
  cells?: Readonly<Record<string, (row: ResourceRow) => ReactNode>>;
  /** Further exports of the same rows the page declares (orders with one row per line). */
  exportVariants?: readonly ExportVariant[];
  /** Extra toolbar content (left of "Nuevo"). */
  toolbar?: ReactNode;
  /** Read-only columns after the declared ones, for values the entity carries beyond its fields (a cut's totals). */
  extraColumns?: readonly ExtraColumn[];
  /** What a click or tap on a row opens (the record's detail): only when the page declares it. */
  onOpen?: (row: ResourceRow) => void;
  /** The attachments resource of the rows: a paperclip column with each row's number of documents. */
  attachments?: AttachableResource;
  /** Rows chosen with checkboxes to act on several at once (a cut's movements marked applied): opt-in. */
  selection?: RowSelection;
}

/** A column the declaration has no field for: always shown, neither sorted nor filtered. */
export interface ExtraColumn {
  key: string;
  header: string;
  body: (row: ResourceRow) => ReactNode;
  /** Right-aligned (counts, amounts). */
  numeric?: boolean;
}

/** Where a row carries whether it is chosen, for its checkbox. */
const SELECTED = '__selected';

/** Skeleton rows have negative ids so they never collide with real ones. */
const SKELETON_ROWS = 8;
const skeletonRows = (count: number): ResourceRow[] => Array.from({ length: count }, (_, i) => ({ id: -(i + 1), version: 0 }));

const toSortMeta = (sort: readonly SortEntry[]): DataTableSortMeta[] => sort.map((s) => ({ field: s.field, order: s.order === 'asc' ? 1 : -1 }));
const fromSortMeta = (meta: readonly DataTableSortMeta[] | null | undefined): SortEntry[] =>
  (meta ?? []).filter((m) => m.order === 1 || m.order === -1).map((m) => ({ field: m.field, order: m.order === 1 ? 'asc' : 'desc' }));

const NO_PARAMS: Readonly<Record<string, string>> = {};
const NO_FILTERS: Filters = {};

/**
 * THE list page of the product: a lazy PrimeReact DataTable whose page, page size, sort (several
 * columns), column filters and global search live in the URL and are answered by the server
 * (GET <resource>?page&pageSize&sort&q&filters). Columns, filters and cells come from the
 * resource's declaration; the user's column choice is remembered; actions follow the permissions.
 */
export function ResourceList({
  resource,
  onCreate,
  onEdit,
  onHistory,
  onDelete,
  onTransition,
  offlineTransitions,
  offlineList,
  baseParams = NO_PARAMS,
  baseFilters = NO_FILTERS,
  createLabel = listTexts.create,
  extraActions = [],
  exportable = true,
  cells,
  exportVariants,
  toolbar,
  extraColumns = [],
  onOpen,
  attachments,
  selection,
}: ResourceListProps) {
  const { query, update } = useListUrlState(resource.listFields);
  const rights = useRowPermissions(resource);
  const isMobile = useIsMobile();
  const table = useRef<DataTable<ResourceRow[]>>(null);

  const columns = useMemo(() => listColumns(resource), [resource]);
  const choices = useMemo(() => columns.map((c) => ({ name: c.field.name, shownByDefault: c.field.list.shownByDefault })), [columns]);
  const { visible, setVisible } = useColumnVisibility(resource.key, choices);

  const requested = useMemo(() => ({ ...query, filters: { ...query.filters, ...baseFilters } }), [query, baseFilters]);
  const params = useMemo(() => listRequestParams(requested, baseParams), [requested, baseParams]);
  const list = useQuery({
    queryKey: resourceKeys.list(resource.resource, params),
    queryFn: (): Promise<ListResponse<ResourceRow> | OfflinePage> =>
      fetchList(resource.resource, params, resource.schemas.entity).catch(async (error: unknown) => {
        const kept = offlineList && isConnectionError(error) ? await offlineList(params).catch(() => null) : null;
        if (kept) return kept;
        throw error;
      }),
    // With rows kept on the phone the request is made even offline: its failure is what reads them.
    ...(offlineList ? { networkMode: 'always' as const } : {}),
    placeholderData: keepPreviousData,
  });

  // A page past the end (the last row of the last page was deleted, or an old link): show the last
  // page instead, replacing the entry so "back" does not land on the empty page again.
  const total = list.data?.total ?? 0;
  const lastPage = Math.max(1, Math.ceil(total / query.pageSize));
  const overshoot = !list.isPlaceholderData && list.data !== undefined && list.data.items.length === 0 && query.page > lastPage;
  useEffect(() => {
    if (overshoot) update({ page: lastPage }, { replace: true });
  }, [overshoot, lastPage, update]);

  // Once the rows are in, the filter editors' code downloads while the browser is idle: opening a column's
  // filter then shows its input at once.
  const rowsArrived = list.data !== undefined;
  useEffect(() => (rowsArrived ? whenIdle(FilterInput.preload, { fallbackMs: IDLE_FALLBACK_MS }) : undefined), [rowsArrived]);

  const filterModel: DataTableFilterMeta = useMemo(() => toTableFilters(resource.listFields, query.filters), [resource.listFields, query.filters]);
  const loadingRows = list.isPending || list.isPlaceholderData;
  const rows = useMemo(() => (loadingRows ? skeletonRows(Math.min(query.pageSize, SKELETON_ROWS)) : (list.data?.items ?? [])), [loadingRows, query.pageSize, list.data]);
  // No page count before the first answer («0–0 de 0») nor for an empty list («1 / 0»): the table says the SPEC's
  // «No se han encontrado resultados» and the count below it «0 resultados».
  const paged = list.data !== undefined && total > 0;
  // Rows kept on the phone, answered without signal: the list says which rows its search and filters look at.
  const offlineNotice = list.data && 'notice' in list.data ? list.data.notice : null;

  const chosen = useRowSelection(selection, loadingRows ? [] : rows, JSON.stringify(params));
  // The checkboxes travel in the rows: the table draws a row's cells again when the row changes, not when a closure does.
  const shownRows = useMemo(() => (selection ? rows.map((r) => ({ ...r, [SELECTED]: chosen.ids.has(r.id) })) : rows), [selection, rows, chosen.ids]);
  const pageIds = useMemo(() => (loadingRows ? [] : rows.map((r) => r.id)), [loadingRows, rows]);
  const actions = useResourceActions(resource, { extraActions, onEdit, onHistory, onDelete, onTransition, ...(offlineTransitions ? { offlineTransitions } : {}) });
  // A workflow's rows name the steps that fit their status; other lists keep a compact row of icons.
  const labelled = resource.workflow !== undefined && onTransition !== undefined;
  const hasFilters = Object.keys(query.filters).length > 0 || query.q !== undefined;
  const rowMenu = useRowActionsMenu(actions);
  const overflowMenu = useRowActionsMenu(actions, { overflow: true });

  return (
    <section className="goc-card overflow-hidden">
      <div className="flex flex-wrap items-center gap-2 border-0 border-b border-solid border-(--surface-border) p-3">
        <SearchBox value={query.q} onSearch={(q) => update({ q, page: 1 })} />
        <MultiSelect
          value={visible}
          options={columns.map((c) => ({ label: c.field.label, value: c.field.name }))}
          onChange={(event) => setVisible(event.value as string[])}
          placeholder={listTexts.columnsPlaceholder}
          selectedItemsLabel={listTexts.columns}
          maxSelectedLabels={0}
          aria-label={listTexts.columns}
          dropdownIcon="pi pi-table"
          // Its own row on a phone: sharing one with the buttons depended on the font's width, and the
          // list jumped down when the web font arrived (Lighthouse: layout shift 0.23).
          className="w-full sm:w-44"
        />
        {hasFilters && (
          <Button
            type="button"
            label={isMobile ? undefined : listTexts.clearFilters}
            icon="pi pi-filter-slash"
            text
            severity="secondary"
            aria-label={listTexts.clearFilters}
            onClick={() => update({ filters: {}, q: undefined, page: 1 })}
          />
        )}
        <div className="flex items-center gap-2 sm:ml-auto">
          {exportable && (
            <ExportButtons resource={resource.resource} query={requested} baseParams={baseParams} fileName={resource.nouns.plural} compact={isMobile} {...(exportVariants ? { variants: exportVariants } : {})} />
          )}
          {toolbar}
          {onCreate && rights.canCreate && <Button type="button" label={createLabel} icon="pi pi-plus" onClick={onCreate} />}
        </div>
      </div>

      {selection && <SelectionBar selection={selection} state={chosen} />}

      {offlineNotice && (
        <p role="status" className="m-0 flex items-start gap-2 border-0 border-b border-solid border-(--surface-border) bg-amber-50 px-3 py-2 text-sm text-amber-900">
          <i className="pi pi-wifi mt-0.5" aria-hidden="true" />
          <span>{offlineNotice}</span>
        </p>
      )}

      {list.isError && (
        <div className="flex flex-wrap items-center gap-3 p-3">
          <Message severity="error" text={`${listTexts.loadFailed}: ${errorMessage(list.error)}`} />
          <Button type="button" label={listTexts.retry} icon="pi pi-refresh" text onClick={() => void list.refetch()} />
        </div>
      )}

      <PageDocumentsProvider resource={attachments} ids={pageIds}>
        <DataTable
          ref={table}
          value={shownRows}
          dataKey="id"
          lazy
          paginator={paged}
          first={(query.page - 1) * query.pageSize}
          rows={query.pageSize}
          totalRecords={total}
          rowsPerPageOptions={[...PAGE_SIZE_OPTIONS]}
          paginatorTemplate={
            isMobile
              ? 'PrevPageLink CurrentPageReport NextPageLink RowsPerPageDropdown'
              : 'FirstPageLink PrevPageLink PageLinks NextPageLink LastPageLink RowsPerPageDropdown CurrentPageReport'
          }
          currentPageReportTemplate={isMobile ? listTexts.pageReportShort : listTexts.pageReport}
          onPage={(event) => update({ page: Math.floor(event.first / event.rows) + 1, pageSize: event.rows })}
          sortMode="multiple"
          removableSort
          multiSortMeta={toSortMeta(query.sort)}
          onSort={(event) => update({ sort: fromSortMeta(event.multiSortMeta), page: 1 })}
          filters={filterModel}
          filterDisplay="menu"
          filterDelay={0}
          onFilter={(event) => update({ filters: fromTableFilters(resource.listFields, event.filters), page: 1 })}
          emptyMessage={listTexts.empty}
          scrollable
          // A phone shows each row as a card (styles.css, .goc-resource-list): PrimeReact's stack layout
          // names each cell by its column; its own breakpoint is off so the header row (sort, filters) stays.
          {...(isMobile ? { responsiveLayout: 'stack' as const, breakpoint: '0px' } : {})}
          tableStyle={isMobile ? undefined : { minWidth: '48rem' }}
          size="small"
          stripedRows
          aria-busy={loadingRows}
          {...(onOpen ? { onRowClick: (event: { data: unknown }) => !loadingRows && onOpen(event.data as ResourceRow), rowClassName: () => 'cursor-pointer' } : {})}
          className="goc-resource-list"
          pt={TABLE_PASS_THROUGH}
        >
          {selection && (
            <Column
              key="selection"
              header={<span className="sr-only">{selectionTexts.column}</span>}
              body={(row: ResourceRow) => (loadingRows ? null : <RowCheckbox row={row} checked={row[SELECTED] === true} label={selection.label?.(row) ?? rowLabel(resource, row)} state={chosen} />)}
              className="w-px whitespace-nowrap"
            />
          )}
          {attachments && (
            <Column
              key="attachments"
              header={
                <>
                  <i className="pi pi-paperclip" aria-hidden="true" />
                  <span className="sr-only">{attachmentsTexts.countHeader}</span>
                </>
              }
              body={(row: ResourceRow) => (loadingRows ? null : <RowPaperclip id={row.id} />)}
              className="w-px whitespace-nowrap"
            />
          )}
          {columns
            .filter((c) => visible.includes(c.field.name))
            .map(({ field, spec }) => (
              <Column
                key={field.name}
                field={field.name}
                header={field.label}
                sortable={spec?.sortable ?? false}
                filter={spec?.filterable ?? false}
                dataType={spec?.type === 'date' ? 'date' : spec?.type === 'number' || spec?.type === 'money' ? 'numeric' : 'text'}
                filterMatchModeOptions={spec ? matchModeOptions(spec.type) : undefined}
                filterElement={spec ? (options) => <FilterInput field={field} spec={spec} options={options} /> : undefined}
                showFilterOperator={spec?.type !== 'boolean'}
                showAddButton={spec?.type !== 'boolean'}
                maxConstraints={MAX_CONSTRAINTS_PER_FIELD}
                pt={spec?.filterable ? columnFilterPassThrough(field.label) : undefined}
                onFilterApplyClick={() => focusFilterButton(table.current?.getElement(), field.label)}
                onFilterClear={() => focusFilterButton(table.current?.getElement(), field.label)}
                body={(row: ResourceRow) => {
                  if (loadingRows) return <Skeleton height="1rem" />;
                  const own = cells?.[field.name];
                  return own ? own(row) : <CellValue field={field} row={row} />;
                }}
                headerClassName="whitespace-nowrap"
                className={`whitespace-nowrap ${field.type === 'money' || field.type === 'number' ? 'text-right' : ''}`}
              />
            ))}
          {extraColumns.map((extra) => (
            <Column
              key={extra.key}
              header={extra.header}
              body={(row: ResourceRow) => (loadingRows ? <Skeleton height="1rem" /> : extra.body(row))}
              headerClassName="whitespace-nowrap"
              className={`whitespace-nowrap ${extra.numeric ? 'text-right' : ''}`}
            />
          ))}
          {actions.length > 0 && (
            <Column
              key="actions"
              header={<span className="sr-only">{listTexts.actions}</span>}
              body={(row: ResourceRow) =>
                loadingRows ? (
                  <Skeleton height="1rem" width={isMobile ? '2rem' : '5rem'} />
                ) : isMobile ? (
                  rowMenu.button(row)
                ) : labelled ? (
                  <LabelledRowActions row={row} actions={actions} menu={overflowMenu} />
                ) : (
                  <RowActions row={row} actions={actions} />
                )
              }
              // Kept in view while a wide table scrolls sideways; a phone's card does not scroll, and a frozen cell
              // measures its neighbour and draws itself again, row by row, as the rows arrive.
              frozen={!isMobile}
              alignFrozen="right"
              className="w-px whitespace-nowrap md:shadow-[-8px_0_8px_-8px_rgba(15,23,42,0.2)]"
            />
          )}
        </DataTable>
      </PageDocumentsProvider>
      {list.data !== undefined && !list.isPlaceholderData && total === 0 && (
        <p role="status" className="m-0 border-0 border-t border-solid border-(--surface-border) px-3 py-2 text-sm text-slate-600">
          {listTexts.noRows}
        </p>
      )}
      {isMobile ? rowMenu.popup : labelled && overflowMenu.popup}
    </section>
  );
}
