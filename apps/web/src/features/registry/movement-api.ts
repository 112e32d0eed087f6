import { captureCutSchema, employeeMovementDefaultsSchema, registryMovementsResource, type CaptureCut, type EmployeeMovementDefaults, type MovementStatusInput, type RegistryMovement } from '@goc/contracts';
import { api } from '../../lib/api/client';

/* The call only movements have: their statuses (the rest is the shared record protocol). */

export type StatusChange = { -readonly [K in keyof MovementStatusInput]: MovementStatusInput[K] };

/** PATCH /registry/movements/:id/status with the version read: a stale version or a final registration status answers 409. */
export async function updateMovementStatus(id: number, change: StatusChange): Promise<RegistryMovement> {
  const response = await api.patch(`${registryMovementsResource.resource}/${id}/status`, change);
  return registryMovementsResource.schemas.entity.parse(response.data);
}

/** GET /registry/employees/:id/defaults: the company, worker type and salary a new movement of the employee starts from. */
export async function fetchEmployeeDefaults(employeeId: number): Promise<EmployeeMovementDefaults> {
  const response = await api.get(`/registry/employees/${employeeId}/defaults`);
  return employeeMovementDefaultsSchema.parse(response.data);
}

/** GET /registry/cuts/capture: the cut a movement captured now goes to (the next week's when this week's was closed early). */
export async function fetchCaptureCut(): Promise<CaptureCut> {
  const response = await api.get('/registry/cuts/capture');
  return captureCutSchema.parse(response.data);
}
