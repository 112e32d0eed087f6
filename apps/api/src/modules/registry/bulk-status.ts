import { and, eq, inArray } from 'drizzle-orm';
import { REGISTRY_MESSAGES, type BulkMovementStatus, type MovementStatusInput, type RegistryMovement } from '@goc/contracts';
import type { Db, Tx } from '../../db/client';
import { registryMovements } from '../../db/schema';
import type { Actor } from '../../lib/crud/types';
import { AppError, ValidationError } from '../../lib/errors';

/** One movement's status change (the PATCH /:id/status work), inside the caller's transaction. */
type ChangeOne = (tx: Tx, actor: Actor, id: number, input: MovementStatusInput) => Promise<RegistryMovement>;

/**
 * Several movements of one cut marked at once after IMSS answers (docs/registry.md): each through the
 * single movement's own rules (scope flag, version, final statuses, applying to the employee), all in
 * one transaction — any refusal leaves every movement as it was, and names the movement refused.
 */
export async function changeCutMovementStatuses(db: Db, actor: Actor, cutId: number, body: BulkMovementStatus, changeOne: ChangeOne): Promise<{ updated: number }> {
  return db.transaction(async (tx) => {
    const ids = body.items.map((i) => i.id);
    const inCut = new Set(
      (await tx.select({ id: registryMovements.id }).from(registryMovements).where(and(eq(registryMovements.cutId, cutId), inArray(registryMovements.id, ids)))).map((r) => r.id),
    );
    const outside = body.items.findIndex((i) => !inCut.has(i.id));
    if (outside >= 0) throw new ValidationError({ [`items.${outside}.id`]: REGISTRY_MESSAGES.bulkOutsideCut(body.items[outside]!.id) });
    for (const item of body.items) {
      const input: MovementStatusInput = {
        version: item.version,
        ...(body.registrationStatusId === undefined ? {} : { registrationStatusId: body.registrationStatusId }),
        ...(body.stampStatusId === undefined ? {} : { stampStatusId: body.stampStatusId }),
      };
      try {
        await changeOne(tx, actor, item.id, input);
      } catch (error) {
        if (error instanceof AppError && error.statusCode !== 404) throw new AppError(error.statusCode, `Movimiento ${item.id}: ${error.message}`, { ...(error.fields ? { fields: error.fields } : {}), cause: error });
        throw error;
      }
    }
    return { updated: body.items.length };
  });
}
