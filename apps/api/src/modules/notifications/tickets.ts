import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { notificationStreamTickets } from '../../db/schema';

/*
 * EventSource cannot send a bearer: a signed-in user trades theirs for a ticket that opens the
 * stream once within 60 s, in any API process (tickets live in the database; only their hash).
 */

export const TICKET_TTL_MS = 60_000;

const hashTicket = (ticket: string) => createHash('sha256').update(ticket).digest('hex');

export async function issueTicket(db: Db, userId: number, familyId: string): Promise<string> {
  const ticket = randomBytes(32).toString('base64url');
  await db.transaction(async (tx) => {
    // Spent and expired tickets are of no use to anyone: each issue sweeps the user's.
    await tx.delete(notificationStreamTickets).where(and(eq(notificationStreamTickets.userId, userId), lt(notificationStreamTickets.expiresAt, new Date())));
    await tx.insert(notificationStreamTickets).values({ ticketHash: hashTicket(ticket), userId, familyId, expiresAt: new Date(Date.now() + TICKET_TTL_MS) });
  });
  return ticket;
}

/** The ticket's user and login, spending it; null when unknown, spent or expired. */
export async function redeemTicket(db: Db, ticket: string): Promise<{ userId: number; familyId: string } | null> {
  const [row] = await db
    .update(notificationStreamTickets)
    .set({ usedAt: sql`now()`, updatedAt: sql`now()`, version: sql`${notificationStreamTickets.version} + 1` })
    .where(
      and(
        eq(notificationStreamTickets.ticketHash, hashTicket(ticket)),
        isNull(notificationStreamTickets.usedAt),
        // The API's clock, as when the ticket was issued.
        gt(notificationStreamTickets.expiresAt, new Date()),
      ),
    )
    .returning({ userId: notificationStreamTickets.userId, familyId: notificationStreamTickets.familyId });
  return row ?? null;
}
