import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createDispatcher, DEFAULT_DISPATCHER_SETTINGS, type DispatcherSettings } from '../lib/events/dispatcher';
import { writeEvent } from '../lib/events/outbox';
import type { DomainEvents, EventSubscriber } from '../lib/events/types';

declare module 'fastify' {
  interface FastifyInstance {
    /** Domain events: subscribe while registering, write inside a transaction, drain in tests. */
    events: DomainEvents;
  }
}

export interface EventsOptions {
  /** false: nothing is delivered until `drain()` (tests prove that undelivered events survive). Default true. */
  dispatch?: boolean;
  /** Tuning of the dispatcher (tests shorten the back-off); the retention comes from the config. */
  settings?: Partial<Omit<DispatcherSettings, 'retentionDays'>>;
}

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** `app.events` and its dispatcher: started when the app is ready, stopped when it closes. */
async function eventsPlugin(app: FastifyInstance, options: EventsOptions): Promise<void> {
  const subscribers: EventSubscriber[] = [];
  const settings: DispatcherSettings = { ...DEFAULT_DISPATCHER_SETTINGS, ...options.settings, retentionDays: app.config.eventRetentionDays };
  const dispatcher = createDispatcher(app.database, subscribers, settings, app.log);
  let ready = false;

  app.decorate('events', {
    subscribe(subscriber: EventSubscriber) {
      if (ready) throw new Error(`subscriber ${subscriber.name} registered after the app started`);
      if (subscribers.some((s) => s.name === subscriber.name)) throw new Error(`subscriber ${subscriber.name} is registered twice`);
      subscribers.push(subscriber);
    },
    write: writeEvent,
    drain: () => dispatcher.drain(),
  } satisfies DomainEvents);

  app.addHook('onReady', async () => {
    ready = true;
    if (options.dispatch !== false) await dispatcher.start();
  });
  app.addHook('onClose', () => dispatcher.stop());
  // The write's transaction has committed once its response is sent: deliver without waiting for the
  // notification's round trip or the poll.
  app.addHook('onResponse', async (request, reply) => {
    if (MUTATING.has(request.method) && reply.statusCode < 400) dispatcher.nudge();
  });
}

export default fp(eventsPlugin, { name: 'goc-events', dependencies: ['goc-context'] });
