import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createEventFeed, DEFAULT_EVENT_SETTINGS, subscriberDefinition, type EventSettings } from '../lib/events/fan-out';
import { writeEvent } from '../lib/events/outbox';
import { publishEvent, typedSubscriber } from '../lib/events/typed';
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
  /**
   * Tuning of the subscribers' queues (tests shorten the back-off); the retention comes from the
   * config. `pollMs` is the job runner's (app.ts passes it on).
   */
  settings?: Partial<Omit<EventSettings, 'retentionDays'>> & { pollMs?: number };
}

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * `app.events` on lib/jobs: each subscriber is a queue (`events:<name>`), the outbox's fan-out is the
 * runner's feeder. `dispatch` is app.ts's business: it decides whether the job runner starts.
 */
async function eventsPlugin(app: FastifyInstance, options: EventsOptions): Promise<void> {
  const subscribers: EventSubscriber[] = [];
  const settings: EventSettings = { ...DEFAULT_EVENT_SETTINGS, ...options.settings, retentionDays: app.config.eventRetentionDays };
  const feed = createEventFeed(app.database, subscribers, settings);
  app.jobs.feed(() => feed.feed());
  let ready = false;

  function subscribe(subscriber: EventSubscriber): void {
    if (ready) throw new Error(`subscriber ${subscriber.name} registered after the app started`);
    if (subscribers.some((s) => s.name === subscriber.name)) throw new Error(`subscriber ${subscriber.name} is registered twice`);
    subscribers.push(subscriber);
    app.jobs.define(subscriberDefinition(subscriber, settings));
  }

  app.decorate('events', {
    subscribe,
    on: (event, handler) => subscribe(typedSubscriber(event, handler)),
    write: writeEvent,
    publish: publishEvent,
    drain: () => app.jobs.drain(),
  } satisfies DomainEvents);

  app.addHook('onReady', async () => {
    ready = true;
  });
  // The write's transaction has committed once its response is sent: fan out without waiting for the
  // notification's round trip or the poll.
  app.addHook('onResponse', async (request, reply) => {
    if (MUTATING.has(request.method) && reply.statusCode < 400) app.jobs.nudge('events');
  });
}

export default fp(eventsPlugin, { name: 'goc-events', dependencies: ['goc-context', 'goc-jobs'] });
