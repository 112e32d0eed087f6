import { addBusinessDays, businessToday } from '@goc/contracts';
import { fakeApi, type FakeRoute } from '../../crud/fake-api';
import { listOf, optionsOf } from '../../crud/fixtures';

const STAMP = '2026-03-01T10:00:00.000Z';
const entity = (id: number, values: Record<string, unknown>) => ({ id, version: 1, createdAt: STAMP, updatedAt: STAMP, ...values });

/** The seeded wage parameters (docs/registry.md): 2025 and 2026, the UMA changing on 1 February. */
export const WAGE_ROWS = [
  entity(4, { effectiveFrom: '2026-02-01', minimumWage: 315.04, minimumWageBorder: 440.87, uma: 117.31 }),
  entity(3, { effectiveFrom: '2026-01-01', minimumWage: 315.04, minimumWageBorder: 440.87, uma: 113.14 }),
  entity(2, { effectiveFrom: '2025-02-01', minimumWage: 278.8, minimumWageBorder: 419.88, uma: 113.14 }),
  entity(1, { effectiveFrom: '2025-01-01', minimumWage: 278.8, minimumWageBorder: 419.88, uma: 108.57 }),
];

export const TODAY = businessToday();
/** Four calendar weeks back: 20 business days, well past the 5 the IMSS gives. */
export const LATE_DAY = addBusinessDays(TODAY, -28);

const status = (id: number, code: string, name: string, color: string) => ({ id, code, name, color });
export const STATUSES = {
  pendiente: status(1, 'pendiente', 'Pendiente', '#f59e0b'),
  aplicado: status(2, 'aplicado', 'Aplicado', '#22c55e'),
  sinTimbrar: status(5, 'sin_timbrar', 'Sin timbrar', '#64748b'),
  sinError: status(8, 'sin_error', 'Sin error', '#22c55e'),
};

/** A stored movement as the API answers it (an office alta of Ana López, pending). */
export function movement(id: number, values: Record<string, unknown> = {}) {
  return entity(id, {
    type: 'alta',
    scope: 'oficina',
    employeeId: 7,
    employee: { id: 7, label: 'Ana López Pérez' },
    employeeNumber: 'E-007',
    employeeNss: '12345678903',
    employeeCurp: null,
    companyId: 3,
    company: { id: 3, label: 'Constructora Norte' },
    workId: null,
    work: null,
    effectiveDate: TODAY,
    late: false,
    workerType: 'permanente',
    dailySalary: 400,
    sdi: 420,
    bajaReason: null,
    registrationStatusId: 1,
    registrationStatus: STATUSES.pendiente,
    stampStatusId: 5,
    stampStatus: STATUSES.sinTimbrar,
    errorStatusId: 8,
    errorStatus: STATUSES.sinError,
    errorDetail: null,
    notes: null,
    cutId: 9,
    cut: { id: 9, label: '2026-S48' },
    cutStatus: 'abierto',
    createdById: 1,
    createdBy: { id: 1, label: 'admin' },
    ...values,
  });
}

/** The fake API of the movements screens; `routes` add or replace answers. */
export function movementsApi(routes: Record<string, FakeRoute | ReturnType<typeof listOf>> = {}) {
  return fakeApi({
    'GET /registry/wage-parameters': listOf(WAGE_ROWS),
    'GET /employees/options': optionsOf([
      // Each employee option carries the employee's company.
      { value: 7, label: 'Ana López Pérez', parentId: 3 },
      { value: 8, label: 'Luis Gómez Ruiz', parentId: 3 },
    ]),
    'GET /companies/options': optionsOf([{ value: 3, label: 'Constructora Norte' }]),
    // What a movement takes from its employee: Luis (8) has had an eventual movement, Ana (7) none yet.
    'GET /registry/employees/(\\d+)/defaults': (_, match) => ({
      status: 200,
      data: { employeeId: Number(match[1]), companyId: 3, workId: null, workerType: match[1] === '8' ? 'eventual' : null, dailySalary: 512.5, sdi: 530 },
    }),
    'GET /works/options': optionsOf([{ value: 2, label: 'OB-2 Torre Norte' }]),
    'GET /registration-statuses/options': optionsOf([
      { value: 1, label: 'Pendiente' },
      { value: 2, label: 'Aplicado' },
    ]),
    'GET /stamp-statuses/options': optionsOf([{ value: 5, label: 'Sin timbrar' }]),
    'GET /error-statuses/options': optionsOf([{ value: 8, label: 'Sin error' }]),
    'POST /registry/movements': (request) => ({ status: 201, data: movement(40, request.body as Record<string, unknown>) }),
    ...routes,
  });
}
