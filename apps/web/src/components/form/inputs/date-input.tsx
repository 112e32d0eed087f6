import { Calendar } from 'primereact/calendar';
import { fromIsoDay, toIsoDay } from '@goc/contracts';

interface DateInputProps {
  id: string;
  value: string | null;
  onChange: (value: string | null) => void;
  invalid?: boolean;
  disabled?: boolean;
  describedBy?: string;
}

/** A calendar day in Spanish (dd/mm/yy, week from Monday) travelling as 'YYYY-MM-DD'. */
export function DateInput({ id, value, onChange, invalid, disabled, describedBy }: DateInputProps) {
  return (
    <Calendar
      inputId={id}
      value={value ? fromIsoDay(value) : null}
      onChange={(event) => onChange(event.value instanceof Date ? toIsoDay(event.value) : null)}
      dateFormat="dd/mm/yy"
      placeholder="dd/mm/aaaa"
      showIcon
      showButtonBar
      invalid={invalid}
      disabled={disabled}
      aria-describedby={describedBy}
      className="w-full"
    />
  );
}
