import { Button } from 'primereact/button';
import type { ExportFormat, ListQuery } from '@goc/contracts';
import { useLoading } from '../loading/use-loading';
import { useToast } from '../toast/use-toast';
import { errorMessage } from '../../lib/api/api-error';
import { blobErrorBody, downloadExport } from '../../lib/resources/download';
import { listTexts } from './list-texts';

interface ExportButtonsProps {
  resource: string;
  query: ListQuery;
  /** The view's parameters (scope=mine): the export has exactly the rows the list shows. */
  baseParams?: Readonly<Record<string, string>>;
  /** File name when the server names none, without extension. */
  fileName: string;
  /** Icons only (phones). */
  compact?: boolean;
}

/** Excel and CSV of exactly what the list filters (search, filters, sort), under the loading overlay. */
export function ExportButtons({ resource, query, baseParams, fileName, compact = false }: ExportButtonsProps) {
  const loading = useLoading();
  const toast = useToast();

  const exportAs = async (format: ExportFormat) => {
    try {
      await loading.run(downloadExport(resource, query, format, fileName, baseParams));
    } catch (error) {
      const body = await blobErrorBody(error);
      toast.add({ severity: 'error', summary: listTexts.exportFailed, detail: body?.message ?? errorMessage(error), life: 6000 });
    }
  };

  return (
    <div className="flex gap-2">
      <Button
        type="button"
        label={compact ? undefined : listTexts.exportExcel}
        icon="pi pi-file-excel"
        severity="success"
        outlined
        aria-label={listTexts.exportExcelLabel}
        onClick={() => void exportAs('xlsx')}
      />
      <Button
        type="button"
        label={compact ? undefined : listTexts.exportCsv}
        icon="pi pi-file"
        severity="secondary"
        outlined
        aria-label={listTexts.exportCsvLabel}
        onClick={() => void exportAs('csv')}
      />
    </div>
  );
}
