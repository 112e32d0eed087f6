import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config';
import type { Database } from '../../db/client';
import type { DatabaseListeners } from '../../lib/db-listener';
import type { ReadonlyResourceServices } from '../../lib/crud/services';
import type { DomainEvent, EventSubscriber } from '../../lib/events/types';
import { createNotificationBus, type Delivered, type NotificationBus } from './bus';
import { createStreamHub, type StreamHub } from './hub';
import { draftsFor, type Draft, type NotificationReminder, type NotificationRule } from '../../lib/notify';
import { notificationSettings } from './settings';
import { deliver } from './store';

/*
 * The notifications of one API process put together: the event subscriber, the modules' reminders,
 * the streams of this process, and their start and stop (e-mails go through lib/jobs: mail.ts).
 */

export interface Notifier {
  /** Turns committed domain events into notifications (app.events). */
  subscriber: EventSubscriber;
  /** Delivers the modules' reminders due at `now`; returns the new ones. */
  remind(now?: Date): Promise<Delivered[]>;
  hub: StreamHub;
  start(): Promise<void>;
  stop(): Promise<void>;
}

export interface NotifierContext {
  config: AppConfig;
  database: Database;
  listeners: DatabaseListeners;
  resources: ReadonlyResourceServices;
  /** Every module's declared rules (their manifests' `notifications`). */
  rules: readonly NotificationRule[];
  /** Every module's declared reminders (their manifests' `reminders`). */
  reminders: readonly NotificationReminder[];
  log: FastifyBaseLogger;
}

export const SUBSCRIBER_NAME = 'notifications';

export function createNotifier({ config, database, listeners, resources, rules, reminders, log }: NotifierContext): Notifier {
  const settings = notificationSettings(config);
  const db = database.db;
  const bus: NotificationBus = createNotificationBus(database, listeners, log);
  const hub = createStreamHub(db, settings);
  const deps = { bus, mail: config.mail ? { publicUrl: config.mail.publicUrl } : null };
  bus.onMessage((delivered) => hub.publish(delivered));

  const store = (drafts: readonly Draft[], key: (d: Draft) => string) => deliver(db, deps, drafts, key);

  const remind = async (now: Date = new Date()) => {
    const delivered: Delivered[] = [];
    for (const reminder of reminders) {
      const { drafts, key } = await reminder.due(db, now);
      delivered.push(...(await store(drafts, key)));
    }
    return delivered;
  };

  return {
    subscriber: {
      name: SUBSCRIBER_NAME,
      async handle(event: DomainEvent, context) {
        const drafts = await draftsFor(rules, { db: context.db, resources }, event);
        // One notification per event and person, however often the event is delivered.
        await store(drafts, (d) => `event:${event.id}:${d.userId}`);
      },
    },
    remind,
    hub,
    async start() {
      await bus.start();
      hub.start();
    },
    async stop() {
      hub.close();
      await bus.close();
    },
  };
}
