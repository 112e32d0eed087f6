import {
  notificationListSchema,
  notificationPreferencesViewSchema,
  streamTicketSchema,
  type NotificationList,
  type NotificationPreferencesView,
  type NotificationPreferencesInput,
} from '@goc/contracts';
import { api } from '../../lib/api/client';

const BASE = '/notifications';

export const notificationKeys = {
  all: ['notifications'] as const,
  latest: ['notifications', 'latest'] as const,
  preferences: ['notifications', 'preferences'] as const,
};

/** How many the panel shows (unread first). */
export const PANEL_SIZE = 15;

export async function fetchLatest(): Promise<NotificationList> {
  const { data } = await api.get(BASE, { params: { pageSize: PANEL_SIZE } });
  return notificationListSchema.parse(data);
}

export async function markRead(id: number): Promise<void> {
  await api.post(`${BASE}/${id}/read`);
}

export async function markAllRead(): Promise<void> {
  await api.post(`${BASE}/read-all`);
}

/** A single-use ticket (60 s) for the EventSource, which cannot send the bearer. */
export async function fetchStreamTicket(): Promise<string> {
  const { data } = await api.post(`${BASE}/stream-ticket`);
  return streamTicketSchema.parse(data).ticket;
}

export const streamUrl = (ticket: string, lastEventId: number | null) =>
  `/api/v2${BASE}/stream?ticket=${encodeURIComponent(ticket)}${lastEventId === null ? '' : `&lastEventId=${lastEventId}`}`;

export async function fetchPreferences(): Promise<NotificationPreferencesView> {
  const { data } = await api.get(`${BASE}/preferences`);
  return notificationPreferencesViewSchema.parse(data);
}

export async function savePreferences(input: NotificationPreferencesInput): Promise<NotificationPreferencesView> {
  const { data } = await api.put(`${BASE}/preferences`, input);
  return notificationPreferencesViewSchema.parse(data);
}
