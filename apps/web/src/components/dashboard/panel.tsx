import type { ReactNode } from 'react';

/** A panel of Inicio (a region named by its title): what a module's widget shows below the indicators. */
export function Panel({ title, children, action }: { title: string; children: ReactNode; action?: ReactNode }) {
  return (
    <section aria-label={title} className="goc-card flex min-w-0 flex-col gap-3 px-4 py-4">
      <header className="flex items-center justify-between gap-2">
        <h2 className="m-0 text-base font-semibold text-slate-800">{title}</h2>
        {action}
      </header>
      {children}
    </section>
  );
}
