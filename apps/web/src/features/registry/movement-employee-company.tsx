import { useEffect, useRef } from 'react';
import type { FormSectionContext } from '../../components/form/use-record-form';
import { useOptionLabels } from '../../lib/resources/use-options';

/**
 * Picking an existing employee puts the movement under the employee's company (each employee
 * option carries its company as `parentId`): a baja or a salary change is always filed under it, and
 * the API refuses any other. Nothing is drawn.
 */
export function CompanyFromEmployee({ values, setValue }: Pick<FormSectionContext, 'values' | 'setValue'>) {
  const employeeId = typeof values.employeeId === 'number' ? values.employeeId : null;
  const { data } = useOptionLabels('employees', employeeId === null ? [] : [employeeId]);
  const companyId = data?.find((o) => o.value === employeeId)?.parentId;
  const filled = useRef<number | null>(null);
  useEffect(() => {
    // Once per picked employee: the user may still change the company of an alta afterwards.
    if (employeeId === null || companyId === undefined || filled.current === employeeId) return;
    filled.current = employeeId;
    if (values.companyId !== companyId) setValue('companyId', companyId);
  }, [employeeId, companyId, values.companyId, setValue]);
  return null;
}
