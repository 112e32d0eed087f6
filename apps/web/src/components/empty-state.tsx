import type { ReactNode } from 'react';

interface EmptyStateProps {
  /** PrimeIcons class, e.g. 'pi pi-inbox'. */
  icon: string;
  title: string;
  description?: ReactNode;
  /** Optional actions under the text (buttons, links). */
  children?: ReactNode;
}

/** What a page or a list shows when it has nothing yet: an icon, what is missing, and what will be here. */
export function EmptyState({ icon, title, description, children }: EmptyStateProps) {
  return (
    <section className="goc-card flex flex-col items-center px-6 py-14 text-center sm:px-10">
      <span className="mb-5 flex h-16 w-16 items-center justify-center rounded-full bg-(--primary-50) text-(--primary-color)" aria-hidden="true">
        <i className={`${icon} text-2xl`} />
      </span>
      <h2 className="m-0 text-lg font-semibold text-(--text-color)">{title}</h2>
      {description && <p className="mt-2 mb-0 max-w-xl text-sm leading-6 text-(--text-color-secondary)">{description}</p>}
      {children && <div className="mt-6 flex flex-wrap justify-center gap-2">{children}</div>}
    </section>
  );
}
