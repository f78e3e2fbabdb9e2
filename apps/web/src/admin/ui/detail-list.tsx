/** A label/value list for the detail modals. */
import type { ReactNode } from 'react';

export function DetailList({ items }: { items: [label: string, value: ReactNode][] }) {
  return (
    <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1.5 text-sm">
      {items.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="font-medium text-slate-500">{label}</dt>
          <dd className="min-w-0 break-all text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
