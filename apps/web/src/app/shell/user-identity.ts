import type { SessionUser } from '@goc/contracts';

/** SPEC §1: the employee's firstName lastName; a user without employee shows the username. */
export function displayName(user: SessionUser): string {
  const employee = user.employee;
  return employee ? `${employee.firstName} ${employee.lastName}`.trim() : user.username;
}

/** SPEC §3: photoUrl is used as an image only when it starts with http. */
export function avatarImage(user: SessionUser): string | null {
  const url = user.employee?.photoUrl;
  return url?.startsWith('http') ? url : null;
}

export function initials(user: SessionUser): string {
  const employee = user.employee;
  const letters = employee ? `${employee.firstName.trim().charAt(0)}${employee.lastName.trim().charAt(0)}` : user.username.slice(0, 2);
  return letters.toLocaleUpperCase('es-MX');
}
