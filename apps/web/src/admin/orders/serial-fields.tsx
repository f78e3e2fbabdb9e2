/**
 * The shipment form's optional serial numbers (docs/shop-rules.md#assets): per order line, one per unit, typed one
 * a line (or separated by commas). They are kept on the order's lines and copied to the outlet's assets when the
 * order is delivered; a line left empty keeps what was recorded before.
 */
import { ASSET_MESSAGES, type LineSerials } from '@pumpkart/shared';

export interface SerialLine {
  _id: string;
  title: string;
  quantity: number;
}

/** The text typed for a line, as its serial numbers in unit order. */
export const serialsOf = (text: string) =>
  text
    .split(/[\n,]/)
    .map((serial) => serial.trim())
    .filter(Boolean);

/** The serials typed, for the lines that have any; or the message of the first line with too many. */
export function typedSerials(
  lines: readonly SerialLine[],
  texts: Readonly<Record<string, string>>,
): { serials: LineSerials } | { lineId: string; error: string } {
  const serials: LineSerials = [];
  for (const line of lines) {
    const serialNumbers = serialsOf(texts[line._id] ?? '');
    if (serialNumbers.length > line.quantity) {
      return { lineId: line._id, error: ASSET_MESSAGES.tooManySerials(line.title, line.quantity) };
    }
    if (serialNumbers.length > 0) serials.push({ itemId: line._id, serialNumbers });
  }
  return { serials };
}

export function SerialFields({
  idPrefix,
  lines,
  texts,
  errors,
  onChange,
}: {
  idPrefix: string;
  lines: readonly SerialLine[];
  texts: Readonly<Record<string, string>>;
  errors: Readonly<Record<string, string>>;
  onChange: (lineId: string, text: string) => void;
}) {
  if (lines.length === 0) return null;
  return (
    <details className="border-t border-slate-200 pt-3" open={Object.keys(errors).length > 0 || undefined}>
      <summary className="cursor-pointer text-sm font-semibold text-slate-900">Serial numbers (optional)</summary>
      <p className="mt-1 text-xs text-slate-600">
        One per unit, one a line. They go to the buyer&apos;s equipment register when the order is delivered.
      </p>
      <div className="mt-2 space-y-3">
        {lines.map((line) => {
          const id = `${idPrefix}-serials-${line._id}`;
          const error = errors[line._id];
          return (
            <div key={line._id}>
              <label htmlFor={id} className="block text-sm font-medium text-slate-700">
                {line.title} × {line.quantity}
              </label>
              <textarea
                id={id}
                rows={Math.min(line.quantity, 4)}
                value={texts[line._id] ?? ''}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${id}-error` : undefined}
                onChange={(event) => onChange(line._id, event.target.value)}
                className="mt-1 w-full min-w-0 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm"
              />
              {error && (
                <p id={`${id}-error`} className="mt-1 text-xs text-red-700">
                  {error}
                </p>
              )}
            </div>
          );
        })}
      </div>
    </details>
  );
}
