/** The frame of the static pages: a readable column with a heading, an intro and numbered sections. */
import type { ReactNode } from 'react';

export function StaticPage({
  title,
  intro,
  updated,
  children,
}: {
  title: string;
  intro?: ReactNode;
  updated?: string;
  children: ReactNode;
}) {
  return (
    <article className="mx-auto max-w-3xl rounded-2xl bg-white px-4 py-6 shadow-sm ring-1 ring-slate-200 sm:px-10 sm:py-10">
      <h1 id="page-title" tabIndex={-1} className="text-3xl font-bold tracking-tight text-slate-900 outline-none">
        {title}
      </h1>
      {updated && <p className="mt-1 text-sm text-slate-500">Last updated: {updated}</p>}
      {intro && <div className="mt-4 text-slate-700">{intro}</div>}
      <div className="mt-6 space-y-8 text-slate-700 [&_li]:leading-relaxed [&_p]:leading-relaxed">{children}</div>
    </article>
  );
}

export function PageSection({ number, title, children }: { number?: number; title: string; children: ReactNode }) {
  return (
    <section>
      <h2 className="text-xl font-semibold text-slate-900">
        {number !== undefined && <span className="text-brand-700">{number}. </span>}
        {title}
      </h2>
      <div className="mt-2 space-y-3">{children}</div>
    </section>
  );
}
