import { and, asc, eq, notInArray, or, isNull } from 'drizzle-orm';
import { FINISHED_REGISTRATION_CODES, IDSE_MOVEMENT_CODES, idseRecord, type IdseFile, type MovementType } from '@goc/contracts';
import type { Executor } from '../../db/client';
import { companies, employees, registrationStatuses, registryMovements } from '../../db/schema';
import { NotFoundError } from '../../lib/errors';

/*
 * The IDSE batch file of one company and movement type in a cut: every movement not yet applied nor
 * cancelled (what IMSS already answered is not sent again), obra and oficina alike, one 168-character record each in its type's layout; movements whose data cannot
 * make a record IMSS accepts (NSS check digit included) are listed as refusals instead of producing a
 * bad line.
 */

const money = (value: string | null) => (value === null ? null : Number(value));

export async function idseFile(executor: Executor, cut: { id: number; label: string }, companyId: number, type: MovementType): Promise<IdseFile> {
  const [company] = await executor
    .select({ employerRegistration: companies.employerRegistration, guide: companies.imssGuide })
    .from(companies)
    .where(eq(companies.id, companyId));
  if (!company) throw new NotFoundError('No se encontró la empresa');
  const m = registryMovements;
  const rows = await executor
    .select({
      id: m.id,
      type: m.type,
      effectiveDate: m.effectiveDate,
      workerType: m.workerType,
      sdi: m.sdi,
      bajaReason: m.bajaReason,
      employeeNumber: employees.employeeNumber,
      firstName: employees.firstName,
      lastName: employees.lastName,
      secondLastName: employees.secondLastName,
      nss: employees.nss,
      curp: employees.curp,
    })
    .from(m)
    .innerJoin(employees, eq(employees.id, m.employeeId))
    .innerJoin(registrationStatuses, eq(registrationStatuses.id, m.registrationStatusId))
    .where(and(eq(m.cutId, cut.id), eq(m.companyId, companyId), eq(m.type, type), or(isNull(registrationStatuses.code), notInArray(registrationStatuses.code, [...FINISHED_REGISTRATION_CODES]))))
    .orderBy(asc(employees.lastName), asc(employees.firstName), asc(m.id));

  const records: string[] = [];
  const refusals: IdseFile['refusals'] = [];
  for (const row of rows) {
    const employee = { employeeNumber: row.employeeNumber, firstName: row.firstName, lastName: row.lastName, secondLastName: row.secondLastName, nss: row.nss, curp: row.curp };
    const result = idseRecord({
      id: row.id,
      type: row.type,
      effectiveDate: row.effectiveDate,
      workerType: row.workerType,
      sdi: money(row.sdi),
      bajaReason: row.bajaReason,
      employerRegistration: company.employerRegistration,
      guide: company.guide,
      employee,
    });
    if (result.ok) records.push(result.record);
    else refusals.push({ movementId: row.id, employee: [row.firstName, row.lastName, row.secondLastName].filter(Boolean).join(' '), reason: result.reason });
  }
  const registration = company.employerRegistration ?? `empresa-${companyId}`;
  return {
    fileName: `IDSE-${cut.label}-${registration}-${IDSE_MOVEMENT_CODES[type]}.txt`,
    // IDSE reads one record per line, Windows line ends.
    content: records.map((r) => `${r}\r\n`).join(''),
    records: records.length,
    refusals,
  };
}
