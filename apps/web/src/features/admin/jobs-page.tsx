import { Button } from 'primereact/button';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { formatDateTime, type DeadJob, type JobQueue } from '@goc/contracts';
import { useConfirm } from '../../components/confirm/use-confirm';
import { Spinner } from '../../components/spinner';
import { useToast } from '../../components/toast/use-toast';
import { errorMessage } from '../../lib/api/api-error';
import { formatNumber } from '../../lib/format';
import { usePermissions } from '../../lib/session/permissions-store';
import { useIsMobile } from '../../lib/use-media-query';
import { adminStyles } from './page-styles';
import { discardJob, fetchJobs, jobKeys, retryJob } from './jobs-api';
import { jobTexts as texts } from './jobs-texts';

const { cell, head, section } = adminStyles;
/** The backlog moves on its own: the page asks again this often while open. */
const REFRESH_MS = 10_000;

function QueuesTable({ queues }: { queues: readonly JobQueue[] }) {
  const isMobile = useIsMobile();
  if (isMobile) {
    // A phone stacks each queue: its name is too long to share a row with three figures.
    return (
      <ul className="m-0 flex list-none flex-col gap-2 p-0" aria-labelledby="jobs-queues">
        {queues.map((queue) => (
          <li key={queue.queue} className="flex flex-col gap-1 rounded-md border border-solid border-slate-200 p-3 text-sm">
            <code className="break-all text-xs">{queue.queue}</code>
            <span className="text-slate-600">
              {texts.pending}: {formatNumber(queue.pending)} · {texts.oldest}: {queue.oldestPendingSeconds === null ? texts.none : texts.age(queue.oldestPendingSeconds)} ·{' '}
              <span className={queue.dead > 0 ? 'font-semibold text-red-700' : ''}>
                {texts.dead}: {formatNumber(queue.dead)}
              </span>
            </span>
          </li>
        ))}
      </ul>
    );
  }
  return (
    <div className="overflow-x-auto">
      <table className="w-full border-collapse text-sm" aria-labelledby="jobs-queues">
        <thead className="bg-slate-50 text-left text-slate-600">
          <tr>
            <th scope="col" className={head}>
              {texts.queue}
            </th>
            <th scope="col" className={`${head} text-right`}>
              {texts.pending}
            </th>
            <th scope="col" className={head}>
              {texts.oldest}
            </th>
            <th scope="col" className={`${head} text-right`}>
              {texts.dead}
            </th>
          </tr>
        </thead>
        <tbody>
          {queues.map((queue) => (
            <tr key={queue.queue} className="border-0 border-t border-solid border-slate-100">
              <th scope="row" className={`${cell} text-left font-normal`}>
                <code className="break-all text-xs">{queue.queue}</code>
              </th>
              <td className={`${cell} text-right tabular-nums`}>{formatNumber(queue.pending)}</td>
              <td className={`${cell} whitespace-nowrap`}>{queue.oldestPendingSeconds === null ? texts.none : texts.age(queue.oldestPendingSeconds)}</td>
              <td className={`${cell} text-right tabular-nums ${queue.dead > 0 ? 'font-semibold text-red-700' : ''}`}>{formatNumber(queue.dead)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** «Reintentar» and «Descartar»: each asks first, then acts, says so and reloads the list. */
const JOB_ACTIONS = [
  { key: 'retry', act: retryJob, icon: 'pi pi-replay', label: texts.retry, labelOf: texts.retryOf, header: texts.retryHeader, question: texts.retryQuestion, done: texts.retried, danger: false },
  { key: 'discard', act: discardJob, icon: 'pi pi-trash', label: texts.discard, labelOf: texts.discardOf, header: texts.discardHeader, question: texts.discardQuestion, done: texts.discarded, danger: true },
] as const;

function DeadJobs({ dead }: { dead: readonly DeadJob[] }) {
  const toast = useToast();
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  const { can } = usePermissions();
  const isMobile = useIsMobile();
  const mayAct = can('admin', 'edit');
  const run = useMutation({
    mutationFn: async ({ action, job }: { action: (typeof JOB_ACTIONS)[number]; job: DeadJob }) => {
      await action.act(job.id);
    },
    onSuccess: (_, { action }) => toast.add({ severity: 'success', summary: action.done, life: 4000 }),
    onError: (error) => toast.add({ severity: 'error', summary: texts.actionFailed, detail: errorMessage(error), life: 6000 }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: jobKeys.overview }),
  });

  if (dead.length === 0) return <p className="m-0 text-slate-600">{texts.noneFailed}</p>;

  const actions = (job: DeadJob) =>
    mayAct && (
      <div className="flex flex-wrap justify-end gap-2">
        {JOB_ACTIONS.map((action) => (
          <Button
            key={action.key}
            type="button"
            icon={action.icon}
            label={action.label}
            size="small"
            severity={action.danger ? 'danger' : undefined}
            outlined
            aria-label={action.labelOf(job.id)}
            onClick={() =>
              confirm.require({
                header: action.header,
                message: action.question(job.queue),
                icon: action.danger ? 'pi pi-exclamation-triangle' : action.icon,
                acceptLabel: action.label,
                rejectLabel: texts.cancel,
                ...(action.danger ? { acceptClassName: 'p-button-danger', defaultFocus: 'reject' as const } : {}),
                accept: () => run.mutate({ action, job }),
              })
            }
          />
        ))}
      </div>
    );

  if (isMobile) {
    return (
      <ul className="m-0 flex list-none flex-col gap-2 p-0" aria-labelledby="jobs-dead">
        {dead.map((job) => (
          <li key={job.id} className="flex flex-col gap-2 rounded-md border border-solid border-slate-200 p-3 text-sm">
            <div className="flex items-baseline justify-between gap-2">
              <code className="break-all text-xs">{job.queue}</code>
              <span className="whitespace-nowrap text-slate-600">{job.deadAt ? formatDateTime(job.deadAt) : texts.none}</span>
            </div>
            <p className="m-0 break-words text-red-800">{job.lastError ?? texts.none}</p>
            <p className="m-0 text-slate-600">
              {texts.attempts}: {job.attempts}
              {job.key && ` · ${texts.key}: ${job.key}`}
            </p>
            {actions(job)}
          </li>
        ))}
      </ul>
    );
  }

  return (
    <div className="overflow-x-auto">
      <table className="w-full border-collapse text-sm" aria-labelledby="jobs-dead">
        <thead className="bg-slate-50 text-left text-slate-600">
          <tr>
            {[texts.deadAt, texts.queue, texts.error, texts.attempts, ...(mayAct ? [texts.actions] : [])].map((h) => (
              <th key={h} scope="col" className={head}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {dead.map((job) => (
            <tr key={job.id} className="border-0 border-t border-solid border-slate-100">
              <th scope="row" className={`${cell} whitespace-nowrap text-left font-medium`}>
                {job.deadAt ? formatDateTime(job.deadAt) : texts.none}
              </th>
              <td className={cell}>
                <code className="break-all text-xs">{job.queue}</code>
                {job.key && <div className="text-xs text-slate-500">{job.key}</div>}
              </td>
              <td className={`${cell} break-words text-red-800`}>{job.lastError ?? texts.none}</td>
              <td className={`${cell} text-right tabular-nums`}>{job.attempts}</td>
              {mayAct && <td className={cell}>{actions(job)}</td>}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Configuración → Tareas en segundo plano (module admin): each queue's backlog, and the failed tasks to retry or discard. */
export default function JobsPage() {
  const overview = useQuery({ queryKey: jobKeys.overview, queryFn: fetchJobs, refetchInterval: REFRESH_MS });
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-4">
      <p className="m-0 text-slate-600">{texts.intro}</p>
      {overview.isPending ? (
        <Spinner size="2rem" className="mx-auto my-4" />
      ) : overview.isError ? (
        <p className="m-0 text-slate-600">{texts.loadFailed}</p>
      ) : (
        <>
          <section aria-labelledby="jobs-dead" className={section}>
            <h2 id="jobs-dead" className="m-0 text-lg font-semibold">
              {texts.failed}
            </h2>
            <DeadJobs dead={overview.data.dead} />
          </section>
          <section aria-labelledby="jobs-queues" className={section}>
            <h2 id="jobs-queues" className="m-0 text-lg font-semibold">
              {texts.queues}
            </h2>
            <QueuesTable queues={overview.data.queues} />
          </section>
        </>
      )}
    </div>
  );
}
