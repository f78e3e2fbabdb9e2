/** The heading row of an admin page: its title and, on the right, its actions. */
import type { ReactNode } from 'react';

export function PageHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="mb-5 flex flex-wrap items-center justify-between gap-3">
      <h1 className="text-2xl font-semibold text-slate-900">{title}</h1>
      {children && <div className="flex flex-wrap items-center gap-2">{children}</div>}
    </div>
  );
}

/** The loading line and the failure line of an admin page. */
export function LoadingText({ text }: { text: string }) {
  return (
    <p role="status" className="py-10 text-center text-slate-500">
      {text}
    </p>
  );
}

export function ErrorText({ text }: { text: string }) {
  return (
    <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-700">
      {text}
    </p>
  );
}
