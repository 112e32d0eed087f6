import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Message } from 'primereact/message';
import {
  isIsoDay,
  isLate,
  REGISTRY_MESSAGES,
  sdiCap,
  sdiProblem,
  typeHasSalary,
  wagesInForce,
  type MovementScope,
  type SdiProblem,
  type WageParameters,
} from '@goc/contracts';
import type { FormValues } from '../../components/form/form-values';
import type { FieldNote, FormExtension, FormShape } from '../../components/form/use-record-form';
import { fetchCaptureCut } from './movement-api';
import { EmployeeDefaults } from './movement-employee-defaults';
import { asEmployee, MovementEmployeeSection } from './movement-employee-section';
import { movementTexts } from './movement-texts';
import { useWageParameters } from './movement-wages';

const problemMessage = (problem: SdiProblem) =>
  problem.kind === 'belowDailySalary'
    ? REGISTRY_MESSAGES.sdiBelowDailySalary
    : problem.kind === 'belowMinimum'
      ? REGISTRY_MESSAGES.sdiBelowMinimum(problem.minimum)
      : REGISTRY_MESSAGES.sdiAboveCap(problem.cap);

const hasNewEmployee = (values: FormValues) => values.type === 'alta' && asEmployee(values.employee) !== null;

/** Which fields a movement of these values takes: salary only on alta / modificación, the cause only on a baja, a work only at a work. */
export function movementFieldApplies(scope: MovementScope, name: string, values: FormValues): boolean {
  switch (name) {
    case 'workId':
      return scope === 'obra';
    case 'dailySalary':
    case 'sdi':
      return typeHasSalary(values.type);
    case 'bajaReason':
      return values.type === 'baja';
    case 'employeeId':
      return !hasNewEmployee(values);
    case 'employee':
      return hasNewEmployee(values);
    default:
      return true;
  }
}

/** Fields the declaration leaves optional because they depend on the type or scope; shown only when they apply, then they are required. */
const REQUIRED_WHEN_SHOWN = ['employeeId', 'workId', 'dailySalary', 'sdi', 'bajaReason'];

/** "Fuera de plazo" by the contracts' rule, and the SDI bounds in force on the effective date with what breaks them. */
export function movementNote(name: string, values: FormValues, wages: readonly WageParameters[] | undefined, now: number): FieldNote | null {
  const day = typeof values.effectiveDate === 'string' && isIsoDay(values.effectiveDate) ? values.effectiveDate : null;
  if (name === 'effectiveDate') return day && isLate(day, now) ? { warning: movementTexts.lateWarning } : null;
  if (name !== 'sdi' || !day || !wages) return null;
  const inForce = wagesInForce(wages, day);
  if (!inForce) return { warning: movementTexts.noWages };
  const bounds = { minimumWage: Number(inForce.minimumWage), uma: Number(inForce.uma) };
  const hint = movementTexts.sdiBounds(bounds.minimumWage, sdiCap(bounds.uma), day);
  const { sdi, dailySalary } = values;
  const problem = typeof sdi === 'number' ? sdiProblem(sdi, typeof dailySalary === 'number' ? dailySalary : 0, bounds) : null;
  return { hint, warning: problem ? problemMessage(problem) : null };
}

/** Before saving a new movement: this week's cut was closed early, so it goes to a later week's cut (docs/registry.md). */
export function CaptureCutNote() {
  const cut = useQuery({ queryKey: ['registry', 'capture-cut'], queryFn: fetchCaptureCut, staleTime: 0 });
  const data = cut.data;
  if (!data?.closedLabel) return null;
  return <Message severity="warn" text={REGISTRY_MESSAGES.nextCut(data.closedLabel, data.label)} className="w-full justify-start" />;
}

/**
 * The movement form of a scope, on the shared record form: the scope fixed, type-dependent fields,
 * the new employee of an alta in place, the late warning and the SDI bounds. The office page and
 * the works dialog both use it.
 */
export function useMovementForm(scope: MovementScope): { shape: FormShape; extension: FormExtension } {
  const wages = useWageParameters();
  const rows = wages.data;
  return useMemo(
    () => ({
      shape: {
        fixed: { scope },
        applies: (name, values) => movementFieldApplies(scope, name, values),
        required: (name) => REQUIRED_WHEN_SHOWN.includes(name),
        note: (name, values) => movementNote(name, values, rows, Date.now()),
      },
      extension: {
        initialValues: () => ({ employee: undefined }),
        after: 'type',
        // Only a new alta can bring a new employee; an existing one brings their company, worker type and salary.
        render: (context) => (
          <>
            {context.mode === 'create' && <CaptureCutNote />}
            <EmployeeDefaults values={context.values} setValue={context.setValue} />
            {context.mode === 'create' && context.values.type === 'alta' ? <MovementEmployeeSection {...context} /> : null}
          </>
        ),
      },
    }),
    [scope, rows],
  );
}
