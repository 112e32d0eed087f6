import { asc } from 'drizzle-orm';
import { REGISTRY_MESSAGES, sdiProblem, wagesInForce, wageParametersResource } from '@goc/contracts';
import type { Executor } from '../../db/client';
import { wageParameters } from '../../db/schema';
import { ValidationError } from '../../lib/errors';
import type { ResourceBinding } from '../../lib/crud/types';

/** Wage parameters on the resource mechanism: edited under config_permissions, read by every registry module. */
export const wageParametersBinding: ResourceBinding<typeof wageParametersResource> = {
  declaration: wageParametersResource,
  table: wageParameters,
  routes: { delete: false },
  readers: [
    { module: 'registry_office', action: 'view' },
    { module: 'registry_works', action: 'view' },
    { module: 'registry_history', action: 'view' },
  ],
};

/** Refuses an SDI out of the bounds in force on its effective date (a message on `sdi`). */
export async function checkSdi(executor: Executor, effectiveDate: string, dailySalary: number, sdi: number): Promise<void> {
  const rows = await executor
    .select({ effectiveFrom: wageParameters.effectiveFrom, minimumWage: wageParameters.minimumWage, uma: wageParameters.uma })
    .from(wageParameters)
    .orderBy(asc(wageParameters.effectiveFrom));
  const wages = wagesInForce(rows, effectiveDate);
  if (!wages) throw new ValidationError({ effectiveDate: REGISTRY_MESSAGES.noWageParameters });
  const problem = sdiProblem(sdi, dailySalary, { minimumWage: Number(wages.minimumWage), uma: Number(wages.uma) });
  if (!problem) return;
  const message =
    problem.kind === 'belowDailySalary'
      ? REGISTRY_MESSAGES.sdiBelowDailySalary
      : problem.kind === 'belowMinimum'
        ? REGISTRY_MESSAGES.sdiBelowMinimum(problem.minimum)
        : REGISTRY_MESSAGES.sdiAboveCap(problem.cap);
  throw new ValidationError({ sdi: message });
}
