import type { NotificationItem, NotificationList } from '@goc/contracts';
import type { DomainEvent } from '../../src/lib/events/types';
import { createNotifier, type Notifier } from '../../src/modules/notifications/notifier';
import type { TestApp } from '../helpers/app';
import type { Api } from '../catalogs/support';

/* Helpers of the notification tests: a subscriber on the test's database and reading a user's bell. */

export const NOTIFICATIONS = '/api/v2/notifications';

/**
 * The notifications subscriber of another "process" on the test's database (not started: no timers),
 * for tests that hand it events themselves (their app built with `events: { dispatch: false }`).
 */
export function testNotifier(t: TestApp, config = t.config): Notifier {
  return createNotifier({ config, database: t.database, listeners: t.app.listeners, resources: t.app.resources, rules: t.app.modules.flatMap((m) => m.notifications ?? []), reminders: t.app.modules.flatMap((m) => m.reminders ?? []), log: t.app.log });
}

let nextEventId = 1_000;

/** A committed domain event as the outbox hands it over. */
export function domainEvent(over: Partial<DomainEvent> & Pick<DomainEvent, 'resource' | 'recordId' | 'actorId'>): DomainEvent {
  nextEventId += 1;
  return {
    id: nextEventId,
    type: 'record.transitioned',
    fromStatus: null,
    toStatus: null,
    changes: null,
    metadata: null,
    occurredAt: new Date(),
    ...over,
  };
}

export async function bell(api: Api, query = ''): Promise<NotificationList> {
  const res = await api.get(`${NOTIFICATIONS}${query}`);
  if (res.statusCode !== 200) throw new Error(`GET notifications → ${res.statusCode} ${res.body}`);
  return res.json() as NotificationList;
}

/** The user's notifications of one type, newest first. */
export async function ofType(api: Api, type: NotificationItem['type']): Promise<NotificationItem[]> {
  return (await bell(api, '?pageSize=50')).items.filter((i) => i.type === type);
}

