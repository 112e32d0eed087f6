import { formatDateTime, formatDay, isDisplayableImageUrl, SEVERITY_OPTIONS, type ResourceField, type ReferenceDisplay, type Severity } from '@goc/contracts';
import { formatMoney, formatNumber } from '../../lib/format';
import { listTexts } from './list-texts';
import { isStatusDisplay, StatusTag, WorkflowStatusTag } from './status-tag';

function isReference(value: unknown): value is ReferenceDisplay {
  return typeof value === 'object' && value !== null && 'label' in value && typeof value.label === 'string';
}

/** A colour swatch with its hex code. */
export function ColorSwatch({ color }: { color: string }) {
  return (
    <span className="inline-flex items-center gap-2">
      <span className="inline-block h-4 w-4 shrink-0 rounded border border-solid border-slate-300" style={{ background: color }} aria-hidden="true" />
      <span className="font-mono text-xs">{color}</span>
    </span>
  );
}

/** A referenced row by its label, with its icon or colour when its catalogue has one. */
export function ReferenceLabel({ display }: { display: ReferenceDisplay }) {
  return (
    <span className="inline-flex max-w-full items-center gap-2" title={display.label}>
      {display.icon && <i className={display.icon} aria-hidden="true" />}
      {display.color && /^#[0-9a-f]{6}$/i.test(display.color) && (
        <span className="inline-block h-3 w-3 shrink-0 rounded-full" style={{ background: display.color }} aria-hidden="true" />
      )}
      <span className="truncate">{display.label}</span>
    </span>
  );
}

/** A field's value as text (exports, history, messages): money in MXN, dates dd/mm/yy, references by label. */
export function displayText(field: ResourceField, value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  switch (field.type) {
    case 'money':
      return typeof value === 'number' || typeof value === 'string' ? formatMoney(value) : '';
    case 'number':
      return typeof value === 'number' ? formatNumber(value) : String(value);
    case 'date':
      return formatDay(value as string);
    case 'datetime':
      return formatDateTime(value as string);
    case 'boolean':
      return value ? listTexts.yes : listTexts.no;
    case 'status':
      return isStatusDisplay(value) ? value.name : String(value);
    case 'enum':
    case 'severity':
      return field.options?.find((o) => o.value === value)?.label ?? String(value);
    default:
      if (isReference(value)) return value.label;
      if (Array.isArray(value)) return value.map((v) => (isReference(v) ? v.label : String(v))).join(', ');
      return String(value);
  }
}

/** How a list cell shows a field: money MXN, dates dd/mm/yy, booleans and statuses as tags, icons, swatches, references by label. */
export function CellValue({ field, row }: { field: ResourceField; row: Record<string, unknown> }) {
  const reference = field.reference;
  const value = reference ? row[reference.displayKey] : row[field.name];
  if (value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) return <span className="text-(--text-color-secondary)">—</span>;

  switch (field.type) {
    case 'boolean':
      return <StatusTag severity={value ? 'success' : 'secondary'} label={value ? listTexts.yes : listTexts.no} />;
    case 'enum': {
      const option = field.options?.find((o) => o.value === value);
      return option?.severity ? <StatusTag severity={option.severity} label={option.label} /> : <>{option?.label ?? String(value)}</>;
    }
    case 'status':
      return isStatusDisplay(value) ? <WorkflowStatusTag status={value} /> : <>{String(value)}</>;
    case 'severity': {
      const option = SEVERITY_OPTIONS.find((o) => o.value === value);
      return <StatusTag severity={value as Severity} label={option?.label ?? String(value)} />;
    }
    case 'icon':
      return (
        <span className="inline-flex items-center gap-2" title={String(value)}>
          <i className={`${String(value)} text-lg`} aria-hidden="true" />
          <span className="font-mono text-xs text-(--text-color-secondary)">{String(value)}</span>
        </span>
      );
    case 'color':
      return <ColorSwatch color={String(value)} />;
    case 'imageUrl':
      return isDisplayableImageUrl(String(value)) ? <img src={String(value)} alt="" className="h-8 w-8 rounded-full object-cover" /> : <>{String(value)}</>;
    case 'reference':
      return isReference(value) ? (
        <span className="block max-w-[12rem] sm:max-w-[18rem]">
          <ReferenceLabel display={value} />
        </span>
      ) : (
        <>{String(value)}</>
      );
    case 'multiReference':
      return Array.isArray(value) ? (
        <span className="flex max-w-[18rem] flex-nowrap gap-1 overflow-hidden" title={value.filter(isReference).map((item) => item.label).join(', ')}>
          {value.filter(isReference).map((item) => (
            <span key={item.id} className="shrink-0 rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-700">
              {item.label}
            </span>
          ))}
        </span>
      ) : null;
    case 'money':
      return <span className="whitespace-nowrap tabular-nums">{displayText(field, value)}</span>;
    case 'number':
      return <span className="tabular-nums">{displayText(field, value)}</span>;
    default: {
      // Long texts stay on one line so rows keep one height; the whole text is in the tooltip.
      const text = displayText(field, value);
      return (
        <span className="block max-w-[12rem] truncate sm:max-w-[18rem]" title={text}>
          {text}
        </span>
      );
    }
  }
}
