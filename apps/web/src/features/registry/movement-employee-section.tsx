import { useId } from 'react';
import { useFormContext } from 'react-hook-form';
import { InputSwitch } from 'primereact/inputswitch';
import { employeesCatalog, NEW_EMPLOYEE_REQUIRED, newEmployeeSchema } from '@goc/contracts';
import { FieldInput } from '../../components/form/field-input';
import { fieldTextIds, FormField } from '../../components/form/form-field';
import type { FormValues } from '../../components/form/form-values';
import type { FormSectionContext } from '../../components/form/use-record-form';
import { movementTexts } from './movement-texts';

/** The employees catalogue's fields a new employee brings with an alta (the contracts' newEmployeeSchema). */
const NEW_EMPLOYEE_FIELDS = employeesCatalog.fields.filter((field) => field.name in newEmployeeSchema.shape);

const blankEmployee = (): FormValues => Object.fromEntries(NEW_EMPLOYEE_FIELDS.map((field) => [field.name, '']));

export const asEmployee = (value: unknown): FormValues | null => (value !== null && typeof value === 'object' ? (value as FormValues) : null);

/**
 * "Empleado nuevo" on a new alta: the switch swaps the employee picker for the catalogue's own fields,
 * sent as `employee` and checked with its rules (CURP, RFC and NSS check digits); the server's
 * messages ('employee.curp') land next to their inputs.
 */
export function MovementEmployeeSection({ values, setValue }: FormSectionContext) {
  const id = useId();
  const { formState } = useFormContext();
  const employee = asEmployee(values.employee);
  const errors = (formState.errors.employee ?? {}) as Record<string, { message?: string } | undefined>;

  return (
    <div className="flex flex-col gap-4">
      <div className="flex items-center gap-3">
        <InputSwitch
          inputId={`${id}-switch`}
          checked={employee !== null}
          onChange={(event) => {
            setValue('employee', event.value ? blankEmployee() : undefined);
            if (event.value) setValue('employeeId', null);
          }}
          aria-describedby={`${id}-switch-hint`}
        />
        <label htmlFor={`${id}-switch`} className="text-sm font-medium">
          {movementTexts.newEmployee}
        </label>
        <small id={`${id}-switch-hint`} className="text-(--text-color-secondary)">
          {movementTexts.newEmployeeHint}
        </small>
      </div>
      {employee && (
        <fieldset className="m-0 grid grid-cols-1 gap-4 rounded-md border border-solid border-(--surface-border) p-3 md:grid-cols-2">
          <legend className="px-1 text-sm font-semibold">{movementTexts.newEmployeeTitle}</legend>
          {NEW_EMPLOYEE_FIELDS.map((field) => {
            const fieldId = `${id}-${field.name}`;
            const value = employee[field.name];
            const error = errors[field.name]?.message;
            const warning = field.warning && typeof value === 'string' ? field.warning(value) : null;
            const ids = fieldTextIds(fieldId);
            return (
              <FormField key={field.name} id={fieldId} label={field.label} required={field.required || NEW_EMPLOYEE_REQUIRED.includes(field.name)} error={error} warning={warning} hint={field.hint}>
                <FieldInput
                  id={fieldId}
                  field={field}
                  value={value}
                  onChange={(next) => setValue(`employee.${field.name}`, next)}
                  values={employee}
                  record={null}
                  invalid={error !== undefined}
                  describedBy={error ? ids.error : warning ? ids.warning : undefined}
                />
              </FormField>
            );
          })}
        </fieldset>
      )}
    </div>
  );
}
