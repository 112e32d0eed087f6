import { Link } from 'react-router';
import { formatNumber } from '../../lib/format';

export interface BarListItem {
  key: string | number;
  label: string;
  count: number;
  /** The bar's colour (at least 3:1 against the card); the label and the figure say the same in text. */
  color: string;
  /** The page that lists what the bar counts. */
  to: string;
}

/**
 * Counts by category as horizontal bars, one link per row read "<label> · <count>": long names
 * stay readable on a phone, and every bar opens its list by pointer, keyboard or screen reader.
 */
export function BarList({ items, label }: { items: readonly BarListItem[]; label: string }) {
  const largest = Math.max(1, ...items.map((item) => item.count));
  return (
    <ul aria-label={label} className="m-0 flex list-none flex-col gap-1 p-0">
      {items.map((item) => (
        <li key={item.key}>
          <Link
            to={item.to}
            className="grid min-h-[44px] grid-cols-[minmax(6rem,9rem)_1fr_2.5rem] items-center gap-2 rounded px-1 text-sm text-slate-700 no-underline hover:bg-slate-50 sm:min-h-8"
          >
            <span className="truncate">
              {item.label}
              <span className="sr-only"> · </span>
            </span>
            <span aria-hidden="true" className="h-3 rounded-sm bg-slate-100">
              <span className="block h-full rounded-sm" style={{ width: `${(item.count / largest) * 100}%`, background: item.color }} />
            </span>
            <span className="text-right font-medium tabular-nums text-slate-800">{formatNumber(item.count)}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
