import { useMemo } from 'react';
import { Dropdown } from 'primereact/dropdown';
import { PrimeIcons } from 'primereact/api';
import { formTexts } from '../form-texts';

interface IconPickerProps {
  id: string;
  value: string;
  onChange: (value: string) => void;
  invalid?: boolean;
  describedBy?: string;
}

function IconOption({ icon }: { icon: string }) {
  return (
    <span className="inline-flex items-center gap-3">
      <i className={`${icon} text-lg`} aria-hidden="true" />
      <span className="font-mono text-sm">{icon}</span>
    </span>
  );
}

/** Every PrimeIcons class, searchable and shown as the icon itself. */
export function IconPicker({ id, value, onChange, invalid, describedBy }: IconPickerProps) {
  const options = useMemo(() => [...new Set(Object.values(PrimeIcons))].sort().map((icon) => ({ value: icon, label: icon })), []);
  return (
    <Dropdown
      inputId={id}
      value={value || null}
      options={options}
      optionLabel="label"
      optionValue="value"
      filter
      filterPlaceholder={formTexts.searchIcon}
      virtualScrollerOptions={{ itemSize: 40 }}
      itemTemplate={(option: { value: string }) => <IconOption icon={option.value} />}
      valueTemplate={(option: { value: string } | null, props) => (option ? <IconOption icon={option.value} /> : props.placeholder)}
      placeholder={formTexts.selectOption}
      emptyMessage={formTexts.emptyOptions}
      emptyFilterMessage={formTexts.emptyOptions}
      onChange={(event) => onChange(typeof event.value === 'string' ? event.value : '')}
      invalid={invalid}
      aria-describedby={describedBy}
      className="w-full"
    />
  );
}
