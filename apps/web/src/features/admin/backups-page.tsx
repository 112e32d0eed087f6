import type { ReactNode } from 'react';
import { Button } from 'primereact/button';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { formatDateTime, type Backup } from '@goc/contracts';
import { Spinner } from '../../components/spinner';
import { useToast } from '../../components/toast/use-toast';
import { errorMessage } from '../../lib/api/api-error';
import { formatSize } from '../../lib/format';
import { blobErrorBody } from '../../lib/resources/download';
import { usePermissions } from '../../lib/session/permissions-store';
import { useIsMobile } from '../../lib/use-media-query';
import { adminStyles } from './page-styles';
import { backupKeys, createBackup, downloadBackup, fetchBackups, fetchBackupSetup } from './backups-api';
import { backupTexts as texts } from './backups-texts';

const { cell, head, section } = adminStyles;

function Term({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-slate-500">{term}</dt>
      <dd className="m-0 min-w-0 break-words">{children}</dd>
    </>
  );
}

/** Where the files go and when the automatic copy runs: the server's environment, read-only. */
function SetupSection() {
  const setup = useQuery({ queryKey: backupKeys.setup, queryFn: fetchBackupSetup });
  return (
    <section aria-labelledby="backups-setup" className={section}>
      <h2 id="backups-setup" className="m-0 text-lg font-semibold">
        {texts.setup}
      </h2>
      {setup.isPending ? (
        <Spinner size="2rem" className="mx-auto my-4" />
      ) : setup.isError ? (
        <p className="m-0 text-slate-600">{texts.setupFailed}</p>
      ) : (
        <dl className="m-0 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <Term term={texts.schedule}>{setup.data.schedule ? texts.scheduleAt(setup.data.schedule) : texts.scheduleOff}</Term>
          {setup.data.nextRunAt && <Term term={texts.nextRun}>{formatDateTime(setup.data.nextRunAt)}</Term>}
          <Term term={texts.keep}>{texts.keepCount(setup.data.keep)}</Term>
          <Term term={texts.dir}>
            <code className="break-all">{setup.data.dir}</code>
          </Term>
        </dl>
      )}
    </section>
  );
}

function BackupsSection() {
  const toast = useToast();
  const queryClient = useQueryClient();
  const { can } = usePermissions();
  const isMobile = useIsMobile();
  const backups = useQuery({ queryKey: backupKeys.list, queryFn: fetchBackups });
  const create = useMutation({
    mutationFn: createBackup,
    onSuccess: (made) => {
      toast.add({ severity: 'success', summary: texts.created(made.fileName), life: 4000 });
      void queryClient.invalidateQueries({ queryKey: backupKeys.list });
    },
    onError: (error) => toast.add({ severity: 'error', summary: texts.createFailed, detail: errorMessage(error), life: 6000 }),
  });
  const download = useMutation({
    mutationFn: downloadBackup,
    onError: (error) =>
      void blobErrorBody(error).then((body) => toast.add({ severity: 'error', summary: texts.downloadFailed, detail: body?.message ?? errorMessage(error), life: 6000 })),
  });
  const downloadButton = (backup: Backup) => (
    <Button
      type="button"
      icon="pi pi-download"
      label={texts.download}
      size="small"
      outlined
      aria-label={texts.downloadOf(backup.fileName)}
      loading={download.isPending && download.variables?.fileName === backup.fileName}
      onClick={() => download.mutate(backup)}
    />
  );

  return (
    <section aria-labelledby="backups-list" className={section}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="backups-list" className="m-0 text-lg font-semibold">
          {texts.backups}
        </h2>
        {can('admin', 'edit') && <Button type="button" icon="pi pi-plus" label={texts.create} loading={create.isPending} onClick={() => create.mutate()} />}
      </div>
      {backups.isPending ? (
        <Spinner size="2rem" className="mx-auto my-4" />
      ) : backups.isError ? (
        <p className="m-0 text-slate-600">{texts.loadFailed}</p>
      ) : backups.data.length === 0 ? (
        <p className="m-0 text-slate-600">{texts.empty}</p>
      ) : isMobile ? (
        // A phone stacks each copy: the file name is too long for a table row.
        <ul className="m-0 flex list-none flex-col gap-2 p-0" aria-labelledby="backups-list">
          {backups.data.map((backup) => (
            <li key={backup.fileName} className="flex flex-col gap-2 rounded-md border border-solid border-slate-200 p-3 text-sm">
              <div className="flex items-baseline justify-between gap-2">
                <span className="font-medium">{formatDateTime(backup.createdAt)}</span>
                <span className="text-slate-600">{formatSize(backup.size)}</span>
              </div>
              <code className="break-all text-xs text-slate-600">{backup.fileName}</code>
              <div className="flex justify-end">{downloadButton(backup)}</div>
            </li>
          ))}
        </ul>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full border-collapse text-sm" aria-labelledby="backups-list">
            <thead className="bg-slate-50 text-left text-slate-600">
              <tr>
                {[texts.date, texts.size, texts.file, texts.actions].map((h) => (
                  <th key={h} scope="col" className={head}>
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {backups.data.map((backup) => (
                <tr key={backup.fileName} className="border-0 border-t border-solid border-slate-100">
                  <th scope="row" className={`${cell} whitespace-nowrap text-left font-medium`}>
                    {formatDateTime(backup.createdAt)}
                  </th>
                  <td className={`${cell} whitespace-nowrap`}>{formatSize(backup.size)}</td>
                  <td className={cell}>
                    <code className="break-all text-xs">{backup.fileName}</code>
                  </td>
                  <td className={cell}>{downloadButton(backup)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/** Configuración → Respaldos (module admin): the copies, a new one now, and how the server makes them. */
export default function BackupsPage() {
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-4">
      <p className="m-0 text-slate-600">{texts.intro}</p>
      <BackupsSection />
      <SetupSection />
    </div>
  );
}
