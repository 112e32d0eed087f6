import { SelectButton } from 'primereact/selectbutton';

export type ViewMode = 'cards' | 'list';
export const VIEW_MODES: readonly ViewMode[] = ['cards', 'list'];

const OPTIONS = [
  { value: 'cards', icon: 'pi pi-th-large', label: 'Tarjetas' },
  { value: 'list', icon: 'pi pi-list', label: 'Lista' },
];

/** Cards or list: the two ways a page shows its records. */
export function ViewToggle({ value, onChange }: { value: ViewMode; onChange: (value: ViewMode) => void }) {
  return (
    <SelectButton
      value={value}
      options={OPTIONS}
      allowEmpty={false}
      onChange={(e) => onChange(e.value as ViewMode)}
      itemTemplate={(o: (typeof OPTIONS)[number]) => <i className={o.icon} title={o.label} />}
      aria-label="Vista"
    />
  );
}
