import { useMemo } from 'react';
import { Dropdown } from 'primereact/dropdown';
import { MultiSelect } from 'primereact/multiselect';
import type { CatalogField, Option, ReferenceDisplay } from '@goc/contracts';
import { useOptions } from '../../list/use-options';
import { formTexts } from '../form-texts';

function OptionLabel({ option }: { option: Option }) {
  return (
    <span className="inline-flex items-center gap-2">
      {option.icon && <i className={`${option.icon} text-base`} aria-hidden="true" />}
      {option.color && /^#[0-9a-f]{6}$/i.test(option.color) && (
        <span className="inline-block h-3 w-3 shrink-0 rounded-full" style={{ background: option.color }} aria-hidden="true" />
      )}
      {option.label}
    </span>
  );
}

/**
 * The active rows of the referenced catalogue, plus the values the record already holds: a
 * since-deactivated row stays visible in the record that uses it instead of showing blank.
 */
function withCurrent(options: readonly Option[], current: readonly ReferenceDisplay[]): Option[] {
  const missing = current
    .filter((c) => !options.some((o) => o.value === c.id))
    .map((c) => ({ value: c.id, label: c.label, ...(c.icon ? { icon: c.icon } : {}), ...(c.color ? { color: c.color } : {}) }));
  return [...missing, ...options];
}

interface ReferencePickerProps {
  id: string;
  field: CatalogField;
  value: number | null;
  onChange: (value: number | null) => void;
  /** The record's joined display value of this reference (edit). */
  current?: ReferenceDisplay | null;
  /** Value of the field this one depends on (a work's category for its subcategory). */
  parentValue?: unknown;
  parentLabel?: string;
  invalid?: boolean;
  describedBy?: string;
}

/** A picker over GET /<catalogue>/options: searchable, with icons and colours, narrowed to the parent when dependent. */
export function ReferencePicker({ id, field, value, onChange, current, parentValue, parentLabel, invalid, describedBy }: ReferencePickerProps) {
  const { data = [], isLoading } = useOptions(field.reference?.target);
  const dependsOn = field.reference?.dependsOn;
  const waitingForParent = dependsOn !== undefined && (parentValue === null || parentValue === undefined);
  const options = useMemo(() => {
    const own = dependsOn ? data.filter((o) => o.parentId === parentValue) : data;
    return withCurrent(own, current && (!dependsOn || current.id === value) ? [current] : []);
  }, [data, dependsOn, parentValue, current, value]);

  return (
    <Dropdown
      inputId={id}
      value={value}
      options={options}
      optionLabel="label"
      optionValue="value"
      filter={options.length > 7}
      showClear={!field.required}
      loading={isLoading}
      disabled={waitingForParent}
      itemTemplate={(option: Option) => <OptionLabel option={option} />}
      valueTemplate={(option: Option | null, props) => (option ? <OptionLabel option={option} /> : props.placeholder)}
      placeholder={waitingForParent && parentLabel ? formTexts.selectParentFirst(parentLabel) : formTexts.selectOption}
      emptyMessage={formTexts.emptyOptions}
      emptyFilterMessage={formTexts.emptyOptions}
      onChange={(event) => onChange(typeof event.value === 'number' ? event.value : null)}
      invalid={invalid}
      aria-describedby={describedBy}
      className="w-full"
    />
  );
}

interface MultiReferencePickerProps {
  id: string;
  field: CatalogField;
  value: number[];
  onChange: (value: number[]) => void;
  current?: readonly ReferenceDisplay[];
  invalid?: boolean;
  describedBy?: string;
}

/** Several rows of another catalogue (a supplier's material categories) as chips. */
export function MultiReferencePicker({ id, field, value, onChange, current = [], invalid, describedBy }: MultiReferencePickerProps) {
  const { data = [], isLoading } = useOptions(field.reference?.target);
  const options = useMemo(() => withCurrent(data, current), [data, current]);
  return (
    <MultiSelect
      inputId={id}
      value={value}
      options={options}
      optionLabel="label"
      optionValue="value"
      display="chip"
      filter
      loading={isLoading}
      placeholder={formTexts.selectOptions}
      emptyMessage={formTexts.emptyOptions}
      emptyFilterMessage={formTexts.emptyOptions}
      onChange={(event) => onChange(Array.isArray(event.value) ? (event.value as number[]) : [])}
      invalid={invalid}
      aria-describedby={describedBy}
      className="w-full"
    />
  );
}
