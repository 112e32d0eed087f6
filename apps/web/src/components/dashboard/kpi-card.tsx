import { Link } from 'react-router';

/** One indicator of Inicio's top row: a figure with its label and detail, opening the page it counts. */
export interface KpiCardProps {
  icon: string;
  label: string;
  value: string;
  detail?: string;
  to: string;
}

export function KpiCard({ icon, label, value, detail, to }: KpiCardProps) {
  return (
    <Link to={to} className="goc-card flex items-center gap-3 px-4 py-3.5 no-underline transition hover:border-blue-200 hover:shadow-md">
      <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-lg bg-blue-50 text-blue-600" aria-hidden="true">
        <i className={icon} />
      </span>
      <span className="flex min-w-0 flex-col">
        <span className="truncate text-xs text-slate-500">{label}</span>
        <span className="text-xl font-semibold text-slate-800">{value}</span>
        {detail && <span className="line-clamp-2 text-xs text-slate-500">{detail}</span>}
      </span>
    </Link>
  );
}
