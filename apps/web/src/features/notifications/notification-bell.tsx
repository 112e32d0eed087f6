import { useCallback, useRef } from 'react';
import { useNavigate } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { OverlayPanel } from 'primereact/overlaypanel';
import { formatTimeAgo, routePath, type NotificationItem } from '@goc/contracts';
import { useToast } from '../../components/toast/use-toast';
import { fetchLatest, markAllRead, markRead, notificationKeys } from './notifications-api';
import { notificationTexts as texts } from './notifications-texts';
import { useNotificationStream } from './use-notification-stream';

const badgeText = (n: number) => (n > 99 ? '99+' : String(n));

interface ItemProps {
  item: NotificationItem;
  now: number;
  onOpen: (item: NotificationItem) => void;
}

function NotificationRow({ item, now, onOpen }: ItemProps) {
  const unread = item.readAt === null;
  return (
    <li>
      <button
        type="button"
        onClick={() => onOpen(item)}
        className={`flex w-full cursor-pointer gap-3 border-0 px-4 py-3 text-left transition-colors hover:bg-slate-100 focus-visible:bg-slate-100 focus-visible:outline-none ${unread ? 'bg-blue-50/60' : 'bg-transparent'}`}
        data-testid="notification-item"
      >
        <span className={`mt-1.5 h-2 w-2 shrink-0 rounded-full ${unread ? 'bg-blue-500' : 'bg-transparent'}`} aria-label={unread ? texts.unread : undefined} />
        <span className="flex min-w-0 flex-1 flex-col gap-0.5">
          <span className={`text-sm leading-snug text-slate-800 ${unread ? 'font-semibold' : ''}`}>{item.title}</span>
          <span className="line-clamp-2 text-xs leading-snug text-slate-600">{item.body}</span>
          <time className="text-xs text-slate-400" dateTime={item.createdAt}>
            {formatTimeAgo(item.createdAt, now)}
          </time>
        </span>
      </button>
    </li>
  );
}

/** The header's bell: the live unread count, the panel of the latest (unread first) and a toast for each new one. */
/** `touch`: no hover tooltip, which a tap would leave lying over the open panel. */
export function NotificationBell({ touch = false }: { touch?: boolean }) {
  const panel = useRef<OverlayPanel>(null);
  const navigate = useNavigate();
  const toast = useToast();
  const queryClient = useQueryClient();
  const { data, isError } = useQuery({ queryKey: notificationKeys.latest, queryFn: fetchLatest });
  const refresh = () => queryClient.invalidateQueries({ queryKey: notificationKeys.latest });
  const read = useMutation({ mutationFn: markRead, onSettled: refresh });
  const readAll = useMutation({ mutationFn: markAllRead, onSettled: refresh });

  const announce = useCallback(
    (item: NotificationItem) => toast.add({ severity: 'info', summary: item.title, detail: item.body, life: 6000 }),
    [toast],
  );
  useNotificationStream(announce);

  const unread = data?.unread ?? 0;
  const open = (item: NotificationItem) => {
    panel.current?.hide();
    if (item.readAt === null) read.mutate(item.id);
    if (item.link) void navigate(item.link);
  };
  const openPreferences = () => {
    panel.current?.hide();
    void navigate(routePath('notificationPreferences'));
  };
  const now = Date.now();
  const label = unread > 0 ? texts.bellWithUnread(unread) : texts.bell;

  return (
    <>
      <span className="relative inline-flex">
        <Button
          type="button"
          icon="pi pi-bell"
          rounded
          text
          severity="secondary"
          aria-label={label}
          aria-haspopup="dialog"
          tooltip={touch ? undefined : texts.bell}
          tooltipOptions={{ position: 'bottom', showDelay: 400 }}
          onClick={(event) => panel.current?.toggle(event)}
          data-testid="notification-bell"
        />
        {unread > 0 && (
          <span
            className="pointer-events-none absolute top-0.5 right-0.5 flex h-[1.125rem] min-w-[1.125rem] items-center justify-center rounded-full bg-red-600 px-1 text-[0.6875rem] leading-none font-semibold text-white"
            data-testid="notification-count"
            aria-hidden="true"
          >
            {badgeText(unread)}
          </span>
        )}
      </span>
      <OverlayPanel ref={panel} className="w-[min(24rem,calc(100vw-1.5rem))] [&_.p-overlaypanel-content]:p-0" aria-label={texts.bell}>
        <div className="flex items-center justify-between gap-2 border-0 border-b border-solid border-slate-200 px-4 py-2">
          <h2 className="m-0 text-base font-semibold text-slate-800">{texts.bell}</h2>
          <Button type="button" label={texts.markAll} link size="small" className="px-0" disabled={unread === 0 || readAll.isPending} onClick={() => readAll.mutate()} />
        </div>
        {isError ? (
          <p className="m-0 px-4 py-6 text-center text-sm text-slate-500">{texts.loadFailed}</p>
        ) : data && data.items.length > 0 ? (
          <ul className="m-0 max-h-[min(28rem,70vh)] list-none divide-y divide-slate-100 overflow-y-auto p-0">
            {data.items.map((item) => (
              <NotificationRow key={item.id} item={item} now={now} onOpen={open} />
            ))}
          </ul>
        ) : (
          <p className="m-0 px-4 py-6 text-center text-sm text-slate-500">{texts.empty}</p>
        )}
        <div className="border-0 border-t border-solid border-slate-200 px-4 py-2 text-right">
          <Button type="button" label={texts.preferences} icon="pi pi-cog" link size="small" className="px-0" onClick={openPreferences} />
        </div>
      </OverlayPanel>
    </>
  );
}
