import { useId, type ReactNode } from 'react';

export type DetailRow = { label: string; value: ReactNode };

type DetailsCardProps = { title: string; rows: readonly DetailRow[]; footer?: ReactNode; children?: ReactNode };

/** A titled card of label/value pairs, side by side on wide screens and stacked on phones. */
export function DetailsCard({ title, rows, footer, children }: DetailsCardProps) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex flex-col rounded-2xl border border-slate-200 bg-white shadow-sm">
      <h2 id={headingId} className="border-b border-slate-100 px-5 py-4 text-base font-semibold text-slate-900 sm:px-6">
        {title}
      </h2>
      <dl className="divide-y divide-slate-100 px-5 sm:px-6">
        {rows.map(({ label, value }) => (
          <div key={label} className="gap-4 py-3 sm:grid sm:grid-cols-[9rem_minmax(0,1fr)]">
            <dt className="text-sm text-slate-500">{label}</dt>
            <dd className="mt-0.5 text-sm font-medium break-words text-slate-900 sm:mt-0">{value}</dd>
          </div>
        ))}
      </dl>
      {children}
      {footer && <div className="mt-auto border-t border-slate-100 px-5 py-4 sm:px-6">{footer}</div>}
    </section>
  );
}
