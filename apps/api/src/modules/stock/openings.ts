import { and, eq } from 'drizzle-orm';
import { businessToday, STOCK_MESSAGES, stockOpeningsResource } from '@goc/contracts';
import { stockMovements, stockOpenings } from '../../db/schema';
import type { ResourceBinding } from '../../lib/crud/types';
import { ValidationError } from '../../lib/errors';
import { materialsFor, post, workFor } from './ledger';
import { moneyUnits, quantityUnits, valueAt } from './rules';

/** The concept of an opening's movement in the kardex. */
const OPENING_CONCEPT = 'Inventario inicial';

/**
 * Inventario inicial on the resource mechanism: written only by the shared import (template, dry
 * run, all or nothing: docs/import.md). Each record enters its work's store as one «inventario
 * inicial» movement in the record's transaction, so a refused row leaves neither.
 */
export const openingsBinding: ResourceBinding<typeof stockOpeningsResource, typeof stockOpenings> = {
  declaration: stockOpeningsResource,
  table: stockOpenings,
  routes: { create: false, update: false, delete: false },
  hooks: {
    async beforeCreate({ tx, actor }, input) {
      const work = await workFor(tx, input.workId, 'workId');
      // On the row's Obra column, as the import reports it (a salida on a closed work is a 409).
      if (work.status === 'terminada') throw new ValidationError({ workId: STOCK_MESSAGES.workClosed(work.label) });
      // An opening balance is what the work held before GOC kept its store: after a movement of the
      // material the books already say what it holds, and a count corrects them.
      const [moved] = await tx
        .select({ id: stockMovements.id })
        .from(stockMovements)
        .where(and(eq(stockMovements.workId, work.id), eq(stockMovements.materialId, input.materialId)))
        .limit(1);
      if (moved) throw new ValidationError({ materialId: STOCK_MESSAGES.openingAfterMovements });
      return { createdById: actor.userId, date: input.date ?? businessToday() };
    },
    async afterCreate({ tx, actor }, created) {
      const known = await materialsFor(tx, [{ materialId: created.materialId }]);
      const quantity = quantityUnits(created.quantity);
      await post(
        tx,
        { workId: created.workId, date: created.date ?? businessToday(), actorId: actor.userId },
        [{ materialId: created.materialId, kind: 'inventario_inicial', quantity, amount: valueAt(quantity, moneyUnits(created.unitCost)), concept: OPENING_CONCEPT, sourceKey: `stock.opening:${created.id}` }],
        known,
      );
    },
  },
};
