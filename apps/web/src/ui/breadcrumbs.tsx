/**
 * A breadcrumb trail (Home › Category › Product): where the page sits in the shop, each earlier step
 * a link. Generic: `items` in order, the last one is the current page (aria-current="page", never a
 * link). A long name wraps instead of widening the page (no sideways scroll at 360 px).
 */
import { Link } from 'react-router';

export interface BreadcrumbItem {
  label: string;
  /** Where the step links to; the last item never links. */
  to?: string;
}

export function Breadcrumbs({ items, className = '' }: { items: BreadcrumbItem[]; className?: string }) {
  if (items.length === 0) return null;
  return (
    <nav aria-label="Breadcrumb" className={`text-sm text-slate-600 ${className}`}>
      <ol className="flex min-w-0 flex-wrap items-center gap-x-1 gap-y-1">
        {items.map((item, index) => {
          const last = index === items.length - 1;
          return (
            <li key={`${index}-${item.label}`} className="flex min-w-0 items-center gap-x-1">
              {index > 0 && (
                <span aria-hidden="true" className="text-slate-400">
                  ›
                </span>
              )}
              {last ? (
                <span aria-current="page" className="min-w-0 break-words font-medium text-slate-900">
                  {item.label}
                </span>
              ) : item.to !== undefined ? (
                <Link
                  to={item.to}
                  className="min-w-0 break-words rounded px-0.5 text-brand-700 underline-offset-2 hover:underline"
                >
                  {item.label}
                </Link>
              ) : (
                <span className="min-w-0 break-words">{item.label}</span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
