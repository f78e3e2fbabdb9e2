/**
 * A category-axis tick whose label is broken into lines of at most 22 characters,
 * for the horizontal bar charts of product titles. Lines are centred on the tick.
 */
import type { YAxisTickContentProps } from 'recharts';
import { AXIS_LABEL_WIDTH, wrapLabel } from './wrap-label';

const LINE_HEIGHT = 14;

export function WrappedTick(props: Partial<YAxisTickContentProps> & { lineWidth?: number }) {
  const { x = 0, y = 0, payload, lineWidth = AXIS_LABEL_WIDTH } = props;
  const lines = wrapLabel(String(payload?.value ?? ''), lineWidth);
  const firstLineOffset = -((lines.length - 1) * LINE_HEIGHT) / 2;
  return (
    <g transform={`translate(${x},${y})`}>
      <text x={-6} y={0} textAnchor="end" fill="#334155" fontSize={12} data-testid="wrapped-tick">
        <title>{String(payload?.value ?? '')}</title>
        {lines.map((line, index) => (
          <tspan key={index} x={-6} dy={index === 0 ? firstLineOffset + 4 : LINE_HEIGHT}>
            {line}
          </tspan>
        ))}
      </text>
    </g>
  );
}
