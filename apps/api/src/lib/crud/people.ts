import { sql, type SQL } from 'drizzle-orm';
import { employees, users } from '../../db/schema';

/**
 * A user as history and timelines show them: id, username and, when linked to an employee, the
 * full name. Callers left-join users and employees.
 */
export const userDisplayColumns = {
  userId: users.id,
  username: users.username,
  name: sql<string | null>`nullif(concat_ws(' ', ${employees.firstName}, ${employees.lastName}, ${employees.secondLastName}), '')` as SQL<string | null>,
};

export function userDisplay(row: { userId: number | null; username: string | null; name: string | null }) {
  return row.userId === null || row.username === null ? null : { id: row.userId, username: row.username, name: row.name };
}
