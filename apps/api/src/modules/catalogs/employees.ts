import type { employeesCatalog } from '@goc/contracts';
import type { employees } from '../../db/schema';
import type { ResourceService } from '../../lib/crud/service';
import type { CreateOf, EntityOf, WriteContext } from '../../lib/crud/types';
import { AppError, ValidationError } from '../../lib/errors';

type Employee = EntityOf<typeof employeesCatalog>;

/** Column values a change of employment sets (status, company, work, hire date, salaries). */
export type EmploymentChange = Partial<Pick<typeof employees.$inferInsert, 'status' | 'companyId' | 'workId' | 'hireDate' | 'dailySalary' | 'sdi'>>;

/**
 * What other modules may do to employees (the registry's altas, bajas and salary changes): inside
 * the caller's transaction, through the catalogue's own service — its checks (unique number, CURP
 * and NSS, references), version, audit and event — never by writing the table themselves.
 */
export interface EmployeesService {
  /** The catalogue's service, which its routes serve. */
  resource: ResourceService<typeof employeesCatalog>;
  /**
   * Stores a new employee; a refused field comes back under `fieldPrefix` (the movement form's
   * `employee.curp`), so the form that carried it shows the message where it was typed.
   */
  hire(ctx: WriteContext, input: CreateOf<typeof employeesCatalog>, fieldPrefix: string): Promise<number>;
  /** Changes an employee's employment as `decide` says from the row as it is; `metadata` names why (the movement). */
  change(ctx: WriteContext, id: number, decide: (before: Employee) => EmploymentChange, metadata: Record<string, unknown>): Promise<void>;
}

const prefixed = (fields: Record<string, string>, prefix: string) => Object.fromEntries(Object.entries(fields).map(([name, message]) => [`${prefix}${name}`, message]));

export function createEmployeesService(resource: ResourceService<typeof employeesCatalog>): EmployeesService {
  return {
    resource,
    async hire(ctx, input, fieldPrefix) {
      try {
        return (await resource.create(ctx.tx, ctx.actor, input)).entity.id;
      } catch (error) {
        // The form that carried the new employee refuses it as invalid input (400), a taken CURP included.
        if (error instanceof AppError && error.fields) throw new ValidationError(prefixed(error.fields, fieldPrefix));
        throw error;
      }
    },
    async change(ctx, id, decide, metadata) {
      const current = await resource.get(ctx.tx, null, id);
      await resource.guardedUpdate(ctx.tx, ctx.actor, id, current.version, async (_, before) => ({ values: decide(before), metadata }));
    },
  };
}
