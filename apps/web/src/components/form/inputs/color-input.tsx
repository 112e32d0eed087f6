import { ColorPicker } from 'primereact/colorpicker';
import { InputText } from 'primereact/inputtext';
import { formTexts } from '../form-texts';

interface ColorInputProps {
  id: string;
  value: string;
  onChange: (value: string) => void;
  invalid?: boolean;
  describedBy?: string;
}

/** '#rrggbb': a colour picker beside the hex code, either one edits it. */
export function ColorInput({ id, value, onChange, invalid, describedBy }: ColorInputProps) {
  const hex = /^#[0-9a-f]{6}$/i.test(value) ? value.slice(1) : 'ffffff';
  return (
    <div className="flex items-center gap-2">
      <ColorPicker value={hex} format="hex" onChange={(event) => onChange(`#${String(event.value)}`)} aria-label={formTexts.colorLabel} />
      <InputText
        id={id}
        value={value}
        maxLength={7}
        placeholder="#1e88e5"
        onChange={(event) => onChange(event.target.value)}
        invalid={invalid}
        aria-describedby={describedBy}
        className="w-full font-mono"
      />
    </div>
  );
}
