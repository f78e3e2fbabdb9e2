/**
 * A titled card holding one chart that takes its card's width. The initial size lets the chart draw
 * before the first resize measurement (and where there is no ResizeObserver, as in jsdom).
 */
import type { ReactElement, ReactNode } from 'react';
import { ResponsiveContainer } from 'recharts';

export interface ChartBoxProps {
  title: string;
  height?: number;
  /** Shown instead of the chart when there is nothing to draw. */
  empty?: ReactNode;
  children: ReactElement;
}

export function ChartBox({ title, height = 300, empty, children }: ChartBoxProps) {
  return (
    <section
      aria-label={title}
      className="min-w-0 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
      data-testid="chart-box"
    >
      <h2 className="mb-3 text-base font-semibold text-slate-800">{title}</h2>
      {empty ? (
        <p className="flex items-center justify-center text-sm text-slate-500" style={{ height }}>
          {empty}
        </p>
      ) : (
        <ResponsiveContainer width="100%" height={height} initialDimension={{ width: 600, height }}>
          {children}
        </ResponsiveContainer>
      )}
    </section>
  );
}
