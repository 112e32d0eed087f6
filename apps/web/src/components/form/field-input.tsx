import { Dropdown } from 'primereact/dropdown';
import { InputNumber } from 'primereact/inputnumber';
import { InputSwitch } from 'primereact/inputswitch';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { Password } from 'primereact/password';
import { isDisplayableImageUrl, SEVERITY_OPTIONS, type ResourceField, type EnumOption, type ReferenceDisplay } from '@goc/contracts';
import { displayText } from '../list/cell-value';
import { StatusTag } from '../list/status-tag';
import { formTexts } from './form-texts';
import type { FormValues } from './form-values';
import { ColorInput } from './inputs/color-input';
import { DateInput } from './inputs/date-input';
import { IconPicker } from './inputs/icon-picker';
import { MultiReferencePicker, ReferencePicker } from './inputs/reference-picker';

export interface FieldInputProps {
  id: string;
  field: ResourceField;
  value: unknown;
  onChange: (value: unknown) => void;
  /** All values of the form (a dependent picker reads its parent). */
  values: FormValues;
  /** The record being edited, for the joined labels of its references. */
  record: Record<string, unknown> | null;
  /** Label of the field a dependent picker waits for. */
  parentLabel?: string;
  invalid: boolean;
  describedBy?: string;
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const num = (value: unknown) => (typeof value === 'number' ? value : null);

function EnumLabel({ option }: { option: EnumOption }) {
  return option.severity ? <StatusTag severity={option.severity} label={option.label} /> : <>{option.label}</>;
}

/** The input of one declared field, by its type (money in MXN, Spanish calendar, pickers from /options…). */
export function FieldInput({ id, field, value, onChange, values, record, parentLabel, invalid, describedBy }: FieldInputProps) {
  const common = { invalid, 'aria-invalid': invalid || undefined, 'aria-describedby': describedBy };

  if (field.form === 'readOnly') {
    // A reference the server sets (an order's status, its requester) reads as the record shows it, not as its id.
    const shown = field.reference && record ? (record[field.reference.displayKey] ?? value) : value;
    return <InputText id={id} value={displayText(field, shown)} disabled className="w-full" aria-describedby={describedBy} />;
  }

  switch (field.type) {
    case 'textarea':
      return (
        <InputTextarea id={id} value={text(value)} maxLength={field.maxLength} rows={3} onChange={(e) => onChange(e.target.value)} {...common} className="w-full" />
      );
    case 'number':
      return (
        <InputNumber
          inputId={id}
          value={num(value)}
          onChange={(e) => onChange(e.value ?? null)}
          locale="es-MX"
          min={field.min}
          max={field.max}
          maxFractionDigits={field.integer ? 0 : 3}
          showButtons={field.integer}
          inputMode={field.integer ? 'numeric' : 'decimal'}
          {...common}
          className="w-full"
          inputClassName="w-full"
        />
      );
    case 'money':
      return (
        <InputNumber
          inputId={id}
          value={num(value)}
          onChange={(e) => onChange(e.value ?? null)}
          mode="currency"
          currency="MXN"
          inputMode="decimal"
          locale="es-MX"
          min={0}
          max={field.max}
          {...common}
          className="w-full"
          inputClassName="w-full"
        />
      );
    case 'date':
      return (
        <DateInput id={id} value={typeof value === 'string' ? value : null} onChange={onChange} invalid={invalid} describedBy={describedBy} notPast={field.notPast} />
      );
    case 'boolean':
      return (
        <div className="flex h-10 items-center gap-3">
          <InputSwitch inputId={id} checked={value === true} onChange={(e) => onChange(e.value === true)} aria-describedby={describedBy} />
          <span className="text-sm">{value === true ? formTexts.yes : formTexts.no}</span>
        </div>
      );
    case 'enum':
    case 'severity': {
      const options = [...(field.type === 'severity' ? SEVERITY_OPTIONS : (field.options ?? []))];
      return (
        <Dropdown
          inputId={id}
          value={value ?? null}
          options={options}
          optionLabel="label"
          optionValue="value"
          filter={options.length > 8}
          showClear={!field.required && field.defaultValue === undefined}
          itemTemplate={(option: EnumOption) => <EnumLabel option={option} />}
          valueTemplate={(option: EnumOption | null, props) => (option ? <EnumLabel option={option} /> : props.placeholder)}
          placeholder={formTexts.selectOption}
          emptyMessage={formTexts.emptyOptions}
          emptyFilterMessage={formTexts.emptyOptions}
          onChange={(e) => onChange(e.value ?? null)}
          {...common}
          className="w-full"
        />
      );
    }
    case 'reference': {
      const dependsOn = field.reference?.dependsOn;
      const current = field.reference ? (record?.[field.reference.displayKey] as ReferenceDisplay | null | undefined) : undefined;
      return (
        <ReferencePicker
          id={id}
          target={field.reference?.target}
          value={num(value)}
          onChange={onChange}
          current={current ?? null}
          required={field.required}
          {...(dependsOn ? { parentId: num(values[dependsOn.field]), parentLabel } : {})}
          filter={field.reference?.offer?.(values) ?? null}
          invalid={invalid}
          describedBy={describedBy}
        />
      );
    }
    case 'multiReference': {
      const current = field.reference ? (record?.[field.reference.displayKey] as ReferenceDisplay[] | undefined) : undefined;
      return (
        <MultiReferencePicker
          id={id}
          target={field.reference?.target}
          value={Array.isArray(value) ? (value as number[]) : []}
          onChange={onChange}
          current={current}
          invalid={invalid}
          describedBy={describedBy}
        />
      );
    }
    case 'color':
      return <ColorInput id={id} value={text(value)} onChange={onChange} invalid={invalid} describedBy={describedBy} />;
    case 'icon':
      return <IconPicker id={id} value={text(value)} onChange={onChange} invalid={invalid} describedBy={describedBy} />;
    case 'password':
      return (
        <Password
          inputId={id}
          value={text(value)}
          onChange={(e) => onChange(e.target.value)}
          feedback={false}
          toggleMask
          autoComplete="new-password"
          {...common}
          className="w-full"
          inputClassName="w-full"
        />
      );
    case 'imageUrl':
      return (
        <div className="flex items-center gap-3">
          <InputText id={id} type="url" value={text(value)} maxLength={field.maxLength} onChange={(e) => onChange(e.target.value)} {...common} className="w-full" />
          {isDisplayableImageUrl(text(value)) && (
            <img src={text(value)} alt={formTexts.photoPreview} className="h-10 w-10 shrink-0 rounded-full object-cover" />
          )}
        </div>
      );
    default:
      return (
        <InputText
          id={id}
          type={field.type === 'email' ? 'email' : field.type === 'phone' ? 'tel' : 'text'}
          value={text(value)}
          maxLength={field.maxLength}
          onChange={(e) => onChange(e.target.value)}
          {...(field.keyboard === 'numeric' ? { inputMode: 'numeric' as const } : {})}
          {...(field.keyboard === 'upper' ? { autoCapitalize: 'characters', autoCorrect: 'off', spellCheck: false } : {})}
          {...common}
          className="w-full"
        />
      );
  }
}
