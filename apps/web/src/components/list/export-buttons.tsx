import type { ExportFormat, ListQuery } from '@goc/contracts';
import { useLoading } from '../loading/use-loading';
import { useToast } from '../toast/use-toast';
import { errorMessage } from '../../lib/api/api-error';
import { blobErrorBody, downloadExport } from '../../lib/resources/download';
import { OnlineOnlyButton } from '../online-only-button';
import { listTexts } from './list-texts';

/** A further export a page declares: Excel of the same rows with extra parameters (an order's lines: `lines=1`). */
export interface ExportVariant {
  key: string;
  label: string;
  /** What a screen reader says: what the file holds. */
  ariaLabel: string;
  icon: string;
  params: Readonly<Record<string, string>>;
}

interface ExportButtonsProps {
  resource: string;
  query: ListQuery;
  /** The view's parameters (scope=mine): the export has exactly the rows the list shows. */
  baseParams?: Readonly<Record<string, string>>;
  /** File name when the server names none, without extension. */
  fileName: string;
  /** Icons only (phones). */
  compact?: boolean;
  variants?: readonly ExportVariant[];
}

/** Excel and CSV of exactly what the list filters (search, filters, sort), under the loading overlay; written by the server, so online-only. */
export function ExportButtons({ resource, query, baseParams, fileName, compact = false, variants = [] }: ExportButtonsProps) {
  const loading = useLoading();
  const toast = useToast();

  const exportAs = async (format: ExportFormat, extra: Readonly<Record<string, string>> = {}) => {
    try {
      await loading.run(downloadExport(resource, query, format, fileName, { ...baseParams, ...extra }));
    } catch (error) {
      const body = await blobErrorBody(error);
      toast.add({ severity: 'error', summary: listTexts.exportFailed, detail: body?.message ?? errorMessage(error), life: 6000 });
    }
  };

  return (
    <div className="flex gap-2">
      <OnlineOnlyButton
        type="button"
        label={compact ? undefined : listTexts.exportExcel}
        icon="pi pi-file-excel"
        severity="success"
        outlined
        aria-label={listTexts.exportExcelLabel}
        onClick={() => void exportAs('xlsx')}
      />
      <OnlineOnlyButton
        type="button"
        label={compact ? undefined : listTexts.exportCsv}
        icon="pi pi-file"
        severity="secondary"
        outlined
        aria-label={listTexts.exportCsvLabel}
        onClick={() => void exportAs('csv')}
      />
      {variants.map((variant) => (
        <OnlineOnlyButton
          key={variant.key}
          type="button"
          label={compact ? undefined : variant.label}
          icon={variant.icon}
          severity="success"
          outlined
          aria-label={variant.ariaLabel}
          onClick={() => void exportAs('xlsx', variant.params)}
        />
      ))}
    </div>
  );
}
