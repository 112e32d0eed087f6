import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { keptSelect } from '../../db/kept-select';
import { apiKeys, employees, users } from '../../db/schema';

/** An employee's full name, null when it is empty. */
const fullName = (employee: { firstName: AnyPgColumn; lastName: AnyPgColumn; secondLastName: AnyPgColumn }) =>
  sql<string | null>`nullif(concat_ws(' ', ${employee.firstName}, ${employee.lastName}, ${employee.secondLastName}), '')`;

/** «Clave API: <name>» for an API key's service user, else null. */
const apiKeyName = (userId: AnyPgColumn) => sql<string | null>`(select 'Clave API: ' || ${apiKeys.name} from ${apiKeys} where ${apiKeys.userId} = ${userId})`;

/**
 * A user as history and timelines show them: id, username and, when linked to an employee, the
 * full name; an API key's service user reads «Clave API: <name>». Callers left-join users and employees.
 */
export const userDisplayColumns = {
  userId: users.id,
  username: users.username,
  name: sql<string | null>`coalesce(${fullName(employees)}, ${apiKeyName(users.id)})` as SQL<string | null>,
};

/**
 * How a joined user (an alias of users) reads to people, as SQL of the select that joins it: what
 * `personNames` gives for it, read in the same statement.
 */
export function personLabel(user: { id: AnyPgColumn; employeeId: AnyPgColumn; username: AnyPgColumn }): SQL<string | null> {
  return sql<string | null>`coalesce((select ${fullName(employees)} from ${employees} where ${employees.id} = ${user.employeeId}), ${apiKeyName(user.id)}, ${user.username})`;
}

export function userDisplay(row: { userId: number | null; username: string | null; name: string | null }) {
  return row.userId === null || row.username === null ? null : { id: row.userId, username: row.username, name: row.name };
}

const peopleQuery = (executor: Executor) => executor.select(userDisplayColumns).from(users).leftJoin(employees, eq(employees.id, users.employeeId)).$dynamic();

/** One person's name (an event's actor, a webhook's author): a statement kept built. */
const personById = keptSelect('goc_person_name', (executor) =>
  peopleQuery(executor).where(eq(users.id, sql.placeholder('id'))),
);

/** How each of these users reads to people: the linked employee's full name, the username when there is none. */
export async function personNames(executor: Executor, userIds: Iterable<number>): Promise<Map<number, string>> {
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return new Map();
  const rows = ids.length === 1 ? await personById(executor, { id: ids[0] }) : await peopleQuery(executor).where(inArray(users.id, ids));
  return new Map(rows.map((r) => [r.userId, r.name ?? r.username]));
}
