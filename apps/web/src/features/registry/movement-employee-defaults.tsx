import { useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { typeHasSalary } from '@goc/contracts';
import type { FormSectionContext } from '../../components/form/use-record-form';
import { fetchEmployeeDefaults } from './movement-api';

/**
 * Picking an existing employee fills what the movement takes from them: the company (a baja or a
 * salary change is always filed under it, and the API refuses any other), the worker type of their
 * latest movement, on a baja at a work the work they are at now and, where the type carries one, the
 * salary in force. Only a newly picked employee fills: the employee a form opens with keeps the values
 * it was saved with. Nothing is drawn.
 */
export function EmployeeDefaults({ values, setValue }: Pick<FormSectionContext, 'values' | 'setValue'>) {
  const employeeId = typeof values.employeeId === 'number' ? values.employeeId : null;
  const [opened] = useState(employeeId);
  const filled = useRef<number | null>(employeeId);
  const defaults = useQuery({
    queryKey: ['registry', 'employee-defaults', employeeId],
    queryFn: () => fetchEmployeeDefaults(employeeId!),
    // The employee the form opened with brings nothing: no request for them.
    enabled: employeeId !== null && employeeId !== opened,
  });
  const data = defaults.data;
  useEffect(() => {
    if (!data || data.employeeId !== employeeId || filled.current === employeeId) return;
    filled.current = employeeId;
    setValue('companyId', data.companyId);
    if (data.workerType !== null) setValue('workerType', data.workerType);
    // A baja at a work is filed at the work the employee is at now.
    if (values.type === 'baja' && values.scope === 'obra' && data.workId !== null) setValue('workId', data.workId);
    if (typeHasSalary(values.type)) {
      if (data.dailySalary !== null) setValue('dailySalary', data.dailySalary);
      if (data.sdi !== null) setValue('sdi', data.sdi);
    }
  }, [data, employeeId, values.type, values.scope, setValue]);
  return null;
}
