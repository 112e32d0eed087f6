import type { KeyboardEvent } from 'react';
import type { ColumnFilterElementTemplateOptions } from 'primereact/column';
import { Dropdown } from 'primereact/dropdown';
import { InputNumber } from 'primereact/inputnumber';
import { InputText } from 'primereact/inputtext';
import type { ResourceField, ListFieldSpec } from '@goc/contracts';
import { listTexts } from './list-texts';
import { StatusTag } from './status-tag';
import { KeyboardCalendar } from '../form/inputs/date-input';
import { ReferencePicker } from '../form/inputs/reference-picker';

interface FilterInputProps {
  field: ResourceField;
  spec: ListFieldSpec;
  options: ColumnFilterElementTemplateOptions;
}

const BOOLEAN_OPTIONS = [
  { label: listTexts.yes, value: true },
  { label: listTexts.no, value: false },
];

/**
 * The value input of one constraint in a column's filter menu, by field type: text, a number or
 * amount in es-MX, a Spanish calendar (dd/mm/yy) for the date modes, Sí / No, the enum's options,
 * and for references a picker (equals / not equals) or text (the label's text modes).
 */
export function FilterInput({ field, spec, options }: FilterInputProps) {
  const label = `${field.label}: ${listTexts.filterValue}`;
  const set = (value: unknown) => options.filterCallback(value, options.index);
  const applyOnEnter = (event: KeyboardEvent) => {
    if (event.key === 'Enter') options.filterApplyCallback();
  };

  switch (spec.type) {
    case 'number':
    case 'money':
      return (
        <InputNumber
          value={typeof options.value === 'number' ? options.value : null}
          onChange={(event) => set(event.value)}
          locale="es-MX"
          {...(spec.type === 'money' ? { mode: 'currency' as const, currency: 'MXN' } : { maxFractionDigits: 3 })}
          aria-label={label}
          onKeyDown={applyOnEnter}
          className="p-column-filter w-full"
        />
      );
    case 'date':
      return (
        <KeyboardCalendar
          value={options.value instanceof Date ? options.value : null}
          onChange={(event) => set(event.value ?? null)}
          dateFormat="dd/mm/yy"
          placeholder="dd/mm/aaaa"
          showButtonBar
          ariaLabel={label}
          className="p-column-filter w-full"
        />
      );
    case 'boolean':
      return (
        <Dropdown
          value={typeof options.value === 'boolean' ? options.value : null}
          options={BOOLEAN_OPTIONS}
          onChange={(event) => set(event.value)}
          placeholder={listTexts.selectOption}
          aria-label={label}
          className="p-column-filter w-full"
        />
      );
    case 'enum':
      return (
        <Dropdown
          value={typeof options.value === 'string' ? options.value : null}
          options={[...(field.options ?? [])]}
          optionLabel="label"
          optionValue="value"
          itemTemplate={(option: { label: string; severity?: Parameters<typeof StatusTag>[0]['severity'] }) =>
            option.severity ? <StatusTag severity={option.severity} label={option.label} /> : option.label
          }
          filter={(field.options?.length ?? 0) > 8}
          emptyMessage={listTexts.emptyOptions}
          onChange={(event) => set(event.value)}
          placeholder={listTexts.selectOption}
          aria-label={label}
          className="p-column-filter w-full"
        />
      );
    case 'reference': {
      // At runtime a menu filter element receives its own constraint ({ value, matchMode }) as filterModel.
      const mode = (options.filterModel as unknown as { matchMode?: string } | undefined)?.matchMode;
      if (mode === 'equals' || mode === 'notEquals') {
        return (
          <ReferencePicker
            target={field.reference?.target}
            value={typeof options.value === 'number' ? options.value : null}
            onChange={set}
            ariaLabel={label}
            className="p-column-filter w-full"
          />
        );
      }
      return (
        <InputText
          value={typeof options.value === 'string' ? options.value : ''}
          onChange={(event) => set(event.target.value)}
          onKeyDown={applyOnEnter}
          aria-label={label}
          className="p-column-filter w-full"
        />
      );
    }
    default:
      return (
        <InputText
          value={typeof options.value === 'string' ? options.value : ''}
          onChange={(event) => set(event.target.value)}
          onKeyDown={applyOnEnter}
          aria-label={label}
          className="p-column-filter w-full"
        />
      );
  }
}
