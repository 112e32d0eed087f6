import { and, desc, eq, ne, notInArray, or, isNull, sql } from 'drizzle-orm';
import {
  addBusinessDays,
  allows,
  cutWeekLabel,
  cutWeekOf,
  weekOfDay,
  type CaptureCut,
  FINISHED_REGISTRATION_CODES,
  isLate,
  MOVEMENT_TYPE_OPTIONS,
  REGISTRY_MESSAGES,
  registryMovementsResource,
  typeHasSalary,
  type MovementScope,
  type EmployeeMovementDefaults,
  type MovementType,
  type ModuleName,
  type MovementStatusInput,
  type PermissionRequirement,
  type RegistryMovement,
} from '@goc/contracts';
import type { Db, Executor, Tx } from '../../db/client';
import { companies, employees, errorStatuses, registrationStatuses, registryCuts, registryMovements, stampStatuses, works } from '../../db/schema';
import { MOVEMENT_VIEWS } from './views';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../lib/errors';
import type { StatusAction } from '../../lib/crud/service';
import { statusById } from '../../lib/crud/statuses';
import { revokeEmployeeSessions } from '../../lib/sessions';
import { joinedReference } from '../../lib/crud/source';
import type { Actor, CreateOf, ResourceBinding, WriteContext } from '../../lib/crud/types';
import type { ModuleServices } from '../../lib/modules';
import { checkSdi } from './wages';

/*
 * A movement's rules that need the database (docs/registry.md): the employee's state, the work's
 * company, the SDI bounds in force, open duplicates, the weekly cut of its capture, the new employee an
 * alta may bring, and — when its registration status becomes `aplicado` — the change to the employee.
 */

/** The module whose flags govern a movement of this scope. */
export const SCOPE_MODULE: Readonly<Record<MovementScope, ModuleName>> = { oficina: 'registry_office', obra: 'registry_works' };

/** Any of these actions on either scope's module: who may reach a movement route at all (each movement's own scope is checked after). */
export const anyScope = (...actions: PermissionRequirement['action'][]): PermissionRequirement[] =>
  actions.flatMap((action) => Object.values(SCOPE_MODULE).map((module) => ({ module, action })));

export function requireScopeFlag(actor: Actor, scope: MovementScope, action: 'create' | 'edit'): void {
  if (!allows(actor, { module: SCOPE_MODULE[scope], action })) throw new ForbiddenError();
}

const typeLabel = (type: MovementType) => MOVEMENT_TYPE_OPTIONS.find((o) => o.value === type)?.label ?? type;

/** The values a movement's checks read (a create body, or a stored movement merged with a patch). */
interface MovementValues {
  type: MovementType;
  scope: MovementScope;
  employeeId: number | null;
  companyId: number;
  workId: number | null;
  effectiveDate: string;
  dailySalary: number | null;
  sdi: number | null;
}

/** The week after a cut's week. */
const weekAfter = (week: { end: string }) => {
  const next = weekOfDay(addBusinessDays(week.end, 1));
  return { ...next, label: cutWeekLabel(next.key) };
};

/** Weeks looked ahead for an open cut: a closed week is closed early at most once in a row in practice. */
const WEEKS_AHEAD = 52;

/**
 * The cut a movement captured at `at` belongs to (docs/registry.md): its week's, or — when that week
 * was closed early — the next week's, created when needed (two writers of a new week meet on the unique
 * key). The cut row is read FOR SHARE: a close waits for the capture to commit, and a capture that
 * waited for a close sees the cut closed and goes on to the next week.
 */
export async function cutOf(tx: Tx, at: Date): Promise<number> {
  let week = cutWeekOf(at);
  for (let step = 0; step < WEEKS_AHEAD; step += 1) {
    await tx.insert(registryCuts).values({ weekKey: week.key, label: week.label, startDate: week.start, endDate: week.end }).onConflictDoNothing();
    const [cut] = await tx.select({ id: registryCuts.id, status: registryCuts.status }).from(registryCuts).where(eq(registryCuts.weekKey, week.key)).for('share');
    if (!cut) throw new Error(`cut ${week.key} was not created`);
    if (cut.status !== 'cerrado') return cut.id;
    week = weekAfter(week);
  }
  throw new Error(`no open cut within ${WEEKS_AHEAD} weeks of ${cutWeekOf(at).key}`);
}

/** What the form says before saving: the cut a movement captured at `at` would go to (nothing is created). */
export async function captureCut(executor: Executor, at: Date): Promise<CaptureCut> {
  const own = cutWeekOf(at);
  let week = own;
  for (let step = 0; step < WEEKS_AHEAD; step += 1) {
    const [cut] = await executor.select({ status: registryCuts.status }).from(registryCuts).where(eq(registryCuts.weekKey, week.key));
    if (cut?.status !== 'cerrado') return { label: week.label, closedLabel: week === own ? null : own.label };
    week = weekAfter(week);
  }
  throw new Error(`no open cut within ${WEEKS_AHEAD} weeks of ${own.key}`);
}

async function defaultStatusIds(tx: Tx) {
  const first = async (table: typeof registrationStatuses) => {
    const [row] = await tx.select({ id: table.id }).from(table).where(eq(table.isDefault, true)).limit(1);
    if (!row) throw new Error(`${String(table)}: no default status`);
    return row.id;
  };
  return { registrationStatusId: await first(registrationStatuses), stampStatusId: await first(stampStatuses), errorStatusId: await first(errorStatuses) };
}

async function checkWork(tx: Tx, m: MovementValues): Promise<void> {
  if (m.scope !== 'obra' || m.workId === null) return;
  const [work] = await tx.select({ companyId: works.companyId }).from(works).where(eq(works.id, m.workId));
  if (work && work.companyId !== m.companyId) throw new ValidationError({ workId: REGISTRY_MESSAGES.workOfOtherCompany });
}

/**
 * An alta needs an employee who is not active; a baja or a salary change one who is, under the
 * employee's own company (an alta may re-hire someone in another company of the group: applying it
 * moves the employee there).
 */
async function checkEmployee(tx: Tx, m: MovementValues, employeeId: number): Promise<void> {
  const [employee] = await tx
    .select({ status: employees.status, hireDate: employees.hireDate, companyId: employees.companyId, company: companies.name })
    .from(employees)
    .innerJoin(companies, eq(companies.id, employees.companyId))
    .where(eq(employees.id, employeeId));
  if (!employee) return;
  const active = employee.status === 'activo';
  if (m.type === 'alta' && active) throw new ValidationError({ employeeId: REGISTRY_MESSAGES.altaOfActive });
  if (m.type === 'baja' && !active) throw new ValidationError({ employeeId: REGISTRY_MESSAGES.bajaOfInactive });
  if (m.type === 'modificacion_salario' && !active) throw new ValidationError({ employeeId: REGISTRY_MESSAGES.changeOfInactive });
  if (m.type !== 'alta' && m.companyId !== employee.companyId) throw new ValidationError({ companyId: REGISTRY_MESSAGES.companyOfEmployee(employee.company) });
  if (m.type === 'baja' && employee.hireDate && m.effectiveDate < employee.hireDate) {
    throw new ValidationError({ effectiveDate: REGISTRY_MESSAGES.bajaBeforeHire(employee.hireDate) });
  }
}

/** Open: any registration status but aplicado / cancelado. */
async function checkNoOpenTwin(tx: Tx, m: MovementValues, employeeId: number, selfId: number | null): Promise<void> {
  const [twin] = await tx
    .select({ id: registryMovements.id })
    .from(registryMovements)
    .innerJoin(registrationStatuses, eq(registrationStatuses.id, registryMovements.registrationStatusId))
    .where(
      and(
        eq(registryMovements.employeeId, employeeId),
        eq(registryMovements.type, m.type),
        or(isNull(registrationStatuses.code), notInArray(registrationStatuses.code, [...FINISHED_REGISTRATION_CODES])),
        selfId === null ? undefined : ne(registryMovements.id, selfId),
      ),
    )
    .limit(1);
  if (twin) throw new ValidationError({ employeeId: REGISTRY_MESSAGES.openMovement(typeLabel(m.type)) });
}

async function checkMovement(tx: Tx, m: MovementValues, selfId: number | null): Promise<void> {
  await checkWork(tx, m);
  if (m.employeeId !== null) {
    await checkEmployee(tx, m, m.employeeId);
    await checkNoOpenTwin(tx, m, m.employeeId, selfId);
  }
  if (typeHasSalary(m.type) && m.dailySalary !== null && m.sdi !== null) await checkSdi(tx, m.effectiveDate, m.dailySalary, m.sdi);
}


type MovementCreate = CreateOf<typeof registryMovementsResource>;
type NewEmployee = NonNullable<MovementCreate['employee']>;

type Employees = ModuleServices['employees'];

/**
 * The employee an alta brings, stored with the movement's company and work through the employees
 * catalogue (its uniqueness checks answer on the form's `employee.*` fields). It stays `baja` until
 * the alta is applied (docs/registry.md): the IMSS has not registered the hire yet.
 */
function createEmployee(employees: Employees, ctx: WriteContext, employee: NewEmployee, m: MovementValues): Promise<number> {
  const hire = {
    ...employee,
    companyId: m.companyId,
    workId: m.scope === 'obra' ? m.workId : null,
    hireDate: m.effectiveDate,
    dailySalary: m.dailySalary,
    sdi: m.sdi,
    photoUrl: null,
    status: 'baja' as const,
    active: true,
  };
  return employees.hire(ctx, hire, 'employee.');
}

/** Applying a movement (registration status `aplicado`) changes its employee, audited, in the same transaction. */
async function applyMovement(employees: Employees, ctx: WriteContext, movement: RegistryMovement): Promise<void> {
  if (movement.employeeId === null) throw new Error(`movement ${movement.id} has no employee`);
  const money = (value: number | null) => (value === null ? null : value.toFixed(2));
  await employees.change(
    ctx,
    movement.employeeId,
    (before) => {
      const active = before.status === 'activo';
      if (movement.type === 'alta') {
        if (active) throw new ConflictError(REGISTRY_MESSAGES.altaOfActive);
        return {
          status: 'activo',
          companyId: movement.companyId,
          workId: movement.scope === 'obra' ? movement.workId : null,
          hireDate: movement.effectiveDate,
          dailySalary: money(movement.dailySalary),
          sdi: money(movement.sdi),
        };
      }
      if (movement.type === 'baja') {
        if (!active) throw new ConflictError(REGISTRY_MESSAGES.bajaOfInactive);
        return { status: 'baja' };
      }
      if (!active) throw new ConflictError(REGISTRY_MESSAGES.changeOfInactive);
      return { dailySalary: money(movement.dailySalary), sdi: money(movement.sdi) };
    },
    { movementId: movement.id },
  );
  // The person left the company: whoever holds their user's sessions is signed out (ASVS 7.4.2).
  if (movement.type === 'baja') await revokeEmployeeSessions(ctx.tx, movement.employeeId);
}

/** Whom a new movement is about: an existing employee, or the new one an alta brings (and never both). */
function employeeOf(input: MovementCreate): { id: number } | { hire: NewEmployee } {
  if (input.employee && input.employeeId !== null) throw new ValidationError({ employeeId: REGISTRY_MESSAGES.employeeTwice });
  if (input.employee) {
    if (input.type !== 'alta') throw new ValidationError({ employeeId: REGISTRY_MESSAGES.newEmployeeOnlyOnAlta });
    return { hire: input.employee };
  }
  if (input.employeeId === null) throw new ValidationError({ employeeId: REGISTRY_MESSAGES.employeeRequired });
  return { id: input.employeeId };
}

/** A status the client chose, of its catalogue (400 on its field when it does not exist). */
async function chosenStatus(tx: Tx, table: typeof registrationStatuses, id: number, field: string) {
  const row = await statusById(tx, table, id);
  if (!row) throw new ValidationError({ [field]: REGISTRY_MESSAGES.statusNotFound });
  return row;
}

/**
 * PATCH /registry/movements/:id/status: the stamp, error and registration statuses (closed cuts
 * too); a finished registration status is final, and reaching `aplicado` applies the movement to its
 * employee. The event names the registration status (the stamp and error statuses are in its changes).
 */
export const changeMovementStatus = (employees: Employees): StatusAction<RegistryMovement, MovementStatusInput> => async (ctx) => {
  const { before, input } = ctx;
  requireScopeFlag(ctx.actor, before.scope, 'edit');
  const values: Partial<typeof registryMovements.$inferInsert> = {};
  if (input.stampStatusId !== undefined) values.stampStatusId = (await chosenStatus(ctx.tx, stampStatuses, input.stampStatusId, 'stampStatusId')).id;
  if (input.errorStatusId !== undefined) values.errorStatusId = (await chosenStatus(ctx.tx, errorStatuses, input.errorStatusId, 'errorStatusId')).id;
  if (input.errorDetail !== undefined) values.errorDetail = input.errorDetail;
  const current = before.registrationStatus;
  let reached = current.code;
  if (input.registrationStatusId !== undefined && input.registrationStatusId !== before.registrationStatusId) {
    const target = await chosenStatus(ctx.tx, registrationStatuses, input.registrationStatusId, 'registrationStatusId');
    if (FINISHED_REGISTRATION_CODES.includes(current.code ?? '')) throw new ConflictError(REGISTRY_MESSAGES.registrationFinal(current.name));
    if (target.code === 'aplicado') await applyMovement(employees, ctx, before);
    values.registrationStatusId = target.id;
    reached = target.code;
  }
  return { values, status: { from: current.code, to: reached } };
};

const joinedEmployee = joinedReference(employees, 'employeeId');
const joinedCut = joinedReference(registryCuts, 'cutId');

/** The movements' binding; a new employee an alta brings is hired through the employees catalogue. */
export const movementsBinding = (employees: Employees): ResourceBinding<typeof registryMovementsResource, typeof registryMovements> => ({
  declaration: registryMovementsResource,
  table: registryMovements,
  routes: { delete: false },
  views: MOVEMENT_VIEWS,
  // Read from the employee and cut the list already joins for their labels: a subquery per row made
  // a search of a 20 000-movement cut run three lookups per movement (bench/README.md).
  // Columns, not expressions: a search reads their stored folded twins instead of folding each row.
  computed: {
    employeeNumber: joinedEmployee.employeeNumber,
    employeeNss: joinedEmployee.nss,
    employeeCurp: joinedEmployee.curp,
    cutStatus: sql`${joinedCut.status}`,
  },
  // Who captured the movement, by name.
  namedPeople: ['createdById'],
  hooks: {
    async beforeCreate(ctx, input) {
      requireScopeFlag(ctx.actor, input.scope, 'create');
      const chosen = employeeOf(input);
      const m: MovementValues = { ...input, workId: input.scope === 'obra' ? input.workId : null };
      await checkMovement(ctx.tx, m, null);
      const employeeId = 'id' in chosen ? chosen.id : await createEmployee(employees, ctx, chosen.hire, m);
      // One instant for the capture: its Mexico City week picks the cut, its day decides "fuera de plazo".
      const now = new Date();
      return {
        employeeId,
        workId: m.workId,
        late: isLate(input.effectiveDate, now),
        cutId: await cutOf(ctx.tx, now),
        createdById: ctx.actor.userId,
        createdAt: now,
        updatedAt: now,
        ...(await defaultStatusIds(ctx.tx)),
      };
    },
    async beforeUpdate(ctx, before, patch) {
      requireScopeFlag(ctx.actor, before.scope, 'edit');
      if (patch.scope !== undefined) requireScopeFlag(ctx.actor, patch.scope, 'edit');
      const merged = { ...before, ...patch };
      if (merged.employeeId === null) throw new ValidationError({ employeeId: REGISTRY_MESSAGES.employeeRequired });
      const m: MovementValues = { ...merged, workId: merged.scope === 'obra' ? merged.workId : null };
      await checkMovement(ctx.tx, m, before.id);
      return { workId: m.workId, late: isLate(m.effectiveDate, before.createdAt) };
    },
  },
});

const amount = (value: string | null) => (value === null ? null : Number(value));

/** What a new movement of this employee starts from: their company, the worker type of their latest movement, their salary in force. */
export async function employeeMovementDefaults(db: Db, employeeId: number): Promise<EmployeeMovementDefaults> {
  const [employee] = await db
    .select({ companyId: employees.companyId, workId: employees.workId, dailySalary: employees.dailySalary, sdi: employees.sdi })
    .from(employees)
    .where(eq(employees.id, employeeId));
  if (!employee) throw new NotFoundError(REGISTRY_MESSAGES.employeeNotFound);
  const [latest] = await db
    .select({ workerType: registryMovements.workerType })
    .from(registryMovements)
    .where(eq(registryMovements.employeeId, employeeId))
    .orderBy(desc(registryMovements.effectiveDate), desc(registryMovements.id))
    .limit(1);
  return { employeeId, companyId: employee.companyId, workId: employee.workId, workerType: latest?.workerType ?? null, dailySalary: amount(employee.dailySalary), sdi: amount(employee.sdi) };
}
