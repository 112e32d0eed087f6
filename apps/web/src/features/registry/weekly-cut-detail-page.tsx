import { useMemo } from 'react';
import { Link, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { Skeleton } from 'primereact/skeleton';
import { CUT_STATUS_OPTIONS, formatDateTime, registryMovementsResource, ROUTES, type RegistryCut } from '@goc/contracts';
import { EmptyState } from '../../components/empty-state';
import { ResourceList } from '../../components/list/resource-list';
import type { ListResource } from '../../components/list/resource-types';
import { StatusTag } from '../../components/list/status-tag';
import { useLoading } from '../../components/loading/use-loading';
import { useToast } from '../../components/toast/use-toast';
import { errorMessage, httpStatus } from '../../lib/api/api-error';
import { blobErrorBody } from '../../lib/resources/download';
import { useIsMobile } from '../../lib/use-media-query';
import { CutCloseButton } from './cut-close-button';
import { CutIdsePanel } from './cut-idse-panel';
import { useCutMovementMarks } from './cut-movement-marks';
import { CutTotalsCards, CutWorksTable } from './cut-totals';
import { cutKeys, cutMovementsPath, downloadCutWorkbook, fetchCut } from './weekly-cut-api';
import { cutTexts } from './weekly-cut-texts';

const cutIdOf = (param: string | undefined) => (param && /^[1-9]\d{0,9}$/.test(param) ? Number(param) : null);

function NotFound() {
  return (
    <EmptyState icon="pi pi-calendar-times" title={cutTexts.notFound} description={cutTexts.notFoundDetail}>
      <Link to={ROUTES.registryHistory.path} className="p-button p-component p-button-outlined no-underline">
        <i className="pi pi-arrow-left mr-2" aria-hidden="true" />
        {cutTexts.back}
      </Link>
    </EmptyState>
  );
}

function CutHeader({ cut }: { cut: RegistryCut }) {
  const loading = useLoading();
  const toast = useToast();
  const isMobile = useIsMobile();
  const status = CUT_STATUS_OPTIONS.find((o) => o.value === cut.status);
  const exportWorkbook = async () => {
    try {
      await loading.run(downloadCutWorkbook(cut.id, cut.label ?? String(cut.id)));
    } catch (error) {
      toast.add({ severity: 'error', summary: cutTexts.excelFailed, detail: (await blobErrorBody(error))?.message ?? errorMessage(error), life: 8000 });
    }
  };
  return (
    <section className="goc-card flex flex-wrap items-center gap-3 p-4">
      <Link to={ROUTES.registryHistory.path} className="p-button p-component p-button-text p-button-secondary p-button-icon-only no-underline" aria-label={cutTexts.back}>
        <i className="pi pi-arrow-left" aria-hidden="true" />
      </Link>
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <h2 className="m-0 text-xl font-semibold">{cut.label}</h2>
          {status && <StatusTag severity={status.severity} label={status.label} />}
        </div>
        <p className="mt-1 mb-0 text-sm text-(--text-color-secondary)">
          {cut.startDate && cut.endDate && cutTexts.week(cut.startDate, cut.endDate)}
          {cut.status === 'cerrado' && cut.closedAt && ` · ${cutTexts.closedOn(formatDateTime(cut.closedAt), cut.closedBy?.label ?? null)}`}
        </p>
      </div>
      <div className="flex gap-2">
        <Button
          type="button"
          label={isMobile ? undefined : cutTexts.excel}
          aria-label={cutTexts.excel}
          icon="pi pi-file-excel"
          severity="success"
          outlined
          onClick={() => void exportWorkbook()}
        />
        <CutCloseButton cut={cut} compact={isMobile} />
      </div>
    </section>
  );
}

/**
 * The cut's movements on the shared list (filters, sort, search, columns), several of them marked
 * sent or applied at once; its Excel is the cut's own workbook.
 */
function CutMovements({ cutId }: { cutId: number }) {
  const resource: ListResource = useMemo(() => ({ ...registryMovementsResource, key: 'registryCutMovements', resource: cutMovementsPath(cutId) }), [cutId]);
  const marks = useCutMovementMarks(cutId);
  return (
    <div className="flex flex-col gap-2">
      <h2 className="m-0 text-base font-semibold">{cutTexts.cutMovements}</h2>
      <ResourceList resource={resource} exportable={false} selection={marks} />
    </div>
  );
}

/** /registro/historico/:cutId — one weekly cut: its week and status, totals, summary per work, movements, close, Excel and IDSE. */
export default function WeeklyCutDetailPage() {
  const cutId = cutIdOf(useParams().cutId);
  const cut = useQuery({ queryKey: cutKeys.detail(cutId ?? 0), queryFn: () => fetchCut(cutId ?? 0), enabled: cutId !== null });

  if (cutId === null || (cut.isError && httpStatus(cut.error) === 404)) return <NotFound />;
  if (cut.isError) {
    return (
      <section className="goc-card flex flex-wrap items-center gap-3 p-4">
        <Message severity="error" text={`${cutTexts.loadFailed}: ${errorMessage(cut.error)}`} />
        <Button type="button" label={cutTexts.retry} icon="pi pi-refresh" text onClick={() => void cut.refetch()} />
      </section>
    );
  }
  if (!cut.data) {
    return (
      <div className="flex flex-col gap-4" aria-busy="true">
        <Skeleton height="5rem" />
        <Skeleton height="6rem" />
        <Skeleton height="12rem" />
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      <CutHeader cut={cut.data} />
      <CutTotalsCards totals={cut.data.totals} />
      <div className="grid grid-cols-1 gap-4 xl:grid-cols-2">
        <CutWorksTable works={cut.data.works} />
        <CutIdsePanel cutId={cutId} />
      </div>
      <CutMovements cutId={cutId} />
    </div>
  );
}
