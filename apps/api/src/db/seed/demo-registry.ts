import { asc, eq } from 'drizzle-orm';
import { addBusinessDays, businessDayEnd, businessDayOf, cutWeekOf, isLate, type MovementType } from '@goc/contracts';
import type { Executor } from '../client';
import { employees, errorStatuses, registrationStatuses, registryCuts, registryMovements, stampStatuses } from '../schema';

/*
 * Demo Altas y bajas: about four weeks of movements of the demo employees — applied ones that match
 * each employee's current state, pending ones, some late, some with errors — and the oldest week's
 * cut closed. Dates are relative to the seed's day so the current week always has movements.
 */

const DAY = 24 * 60 * 60 * 1000;
const HOUR = 60 * 60 * 1000;

interface Plan {
  type: MovementType;
  registration: string;
  stamp: string;
  error: string;
  errorDetail?: string;
  /** Business days between the effective date and the capture (more than 5: late). */
  delay: number;
}

const APPLIED_ALTA: Plan = { type: 'alta', registration: 'aplicado', stamp: 'timbrado', error: 'sin_error', delay: 1 };
const APPLIED_CHANGE: Plan = { type: 'modificacion_salario', registration: 'aplicado', stamp: 'timbrado', error: 'sin_error', delay: 2 };
const PENDING_CHANGE: Plan = { type: 'modificacion_salario', registration: 'en_tramite', stamp: 'pendiente', error: 'sin_error', delay: 0 };
const LATE_CHANGE: Plan = { type: 'modificacion_salario', registration: 'pendiente', stamp: 'pendiente', error: 'fuera_de_plazo', delay: 9 };
const APPLIED_BAJA: Plan = { type: 'baja', registration: 'aplicado', stamp: 'timbrado', error: 'sin_error', delay: 3 };
const REJECTED_ALTA: Plan = { type: 'alta', registration: 'rechazado', stamp: 'error', error: 'nss_invalido', errorDetail: 'El IMSS no reconoce el NSS capturado', delay: 2 };

async function idsByCode(executor: Executor, table: typeof registrationStatuses): Promise<Map<string, number>> {
  const rows = await executor.select({ id: table.id, code: table.code }).from(table);
  return new Map(rows.flatMap((r) => (r.code ? [[r.code, r.id] as const] : [])));
}

export async function seedDemoRegistry(executor: Executor, now: Date = new Date()): Promise<void> {
  const people = await executor
    .select({
      id: employees.id,
      status: employees.status,
      companyId: employees.companyId,
      workId: employees.workId,
      dailySalary: employees.dailySalary,
      sdi: employees.sdi,
    })
    .from(employees)
    .orderBy(asc(employees.id));
  const registration = await idsByCode(executor, registrationStatuses);
  const stamp = await idsByCode(executor, stampStatuses);
  const error = await idsByCode(executor, errorStatuses);
  const id = (map: Map<string, number>, code: string) => {
    const value = map.get(code);
    if (value === undefined) throw new Error(`Dato demo inconsistente: estatus ${code}`);
    return value;
  };

  // Each employee gets at most one movement, chosen so applied movements agree with the employee's state.
  const active = people.filter((p) => p.status === 'activo');
  const former = people.filter((p) => p.status === 'baja');
  const plans: { person: (typeof people)[number]; plan: Plan }[] = [
    ...active.slice(0, 8).map((person) => ({ person, plan: APPLIED_ALTA })),
    ...active.slice(8, 14).map((person) => ({ person, plan: APPLIED_CHANGE })),
    ...active.slice(14, 18).map((person) => ({ person, plan: PENDING_CHANGE })),
    ...active.slice(18, 21).map((person) => ({ person, plan: LATE_CHANGE })),
    ...active.slice(21, 23).map((person) => ({ person, plan: REJECTED_ALTA })),
    ...former.map((person) => ({ person, plan: APPLIED_BAJA })),
  ];

  const cutIds = new Map<string, number>();
  const cutOf = async (at: Date) => {
    const week = cutWeekOf(at);
    const known = cutIds.get(week.key);
    if (known) return known;
    const [cut] = await executor.insert(registryCuts).values({ weekKey: week.key, label: week.label, startDate: week.start, endDate: week.end }).returning({ id: registryCuts.id });
    if (!cut) throw new Error('corte demo sin id');
    cutIds.set(week.key, cut.id);
    return cut.id;
  };

  // Spread over the last 25 days, newest last, so the current week and three before it have movements.
  const spacing = (25 * DAY) / Math.max(plans.length, 1);
  for (const [index, { person, plan }] of plans.entries()) {
    const createdAt = new Date(now.getTime() - 25 * DAY + (index + 1) * spacing - HOUR);
    const effectiveDate = addBusinessDays(businessDayOf(createdAt), -plan.delay);
    const scope = person.workId === null ? 'oficina' : 'obra';
    const salary = plan.type === 'baja' ? null : person;
    await executor.insert(registryMovements).values({
      type: plan.type,
      scope,
      employeeId: person.id,
      companyId: person.companyId,
      workId: person.workId,
      effectiveDate,
      late: isLate(effectiveDate, createdAt),
      workerType: scope === 'obra' ? 'eventual_construccion' : 'permanente',
      dailySalary: salary?.dailySalary ?? null,
      sdi: salary?.sdi ?? null,
      bajaReason: plan.type === 'baja' ? '2' : null,
      registrationStatusId: id(registration, plan.registration),
      stampStatusId: id(stamp, plan.stamp),
      errorStatusId: id(error, plan.error),
      errorDetail: plan.errorDetail ?? null,
      cutId: await cutOf(createdAt),
      createdAt,
      updatedAt: createdAt,
    });
  }

  // The oldest week is closed, as HR does every Monday.
  const [oldest] = await executor.select().from(registryCuts).orderBy(asc(registryCuts.startDate)).limit(1);
  if (oldest && oldest.endDate < businessDayOf(now)) {
    await executor.update(registryCuts).set({ status: 'cerrado', closedAt: new Date(businessDayEnd(oldest.endDate).getTime() + 9 * HOUR) }).where(eq(registryCuts.id, oldest.id));
  }
}
