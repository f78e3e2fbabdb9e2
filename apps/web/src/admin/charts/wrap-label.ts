/**
 * Breaks a chart label into lines of at most `width` characters (the analytics
 * axis labels wrap at 22). Words are kept whole where they fit; a word longer than a line is cut.
 */
export const AXIS_LABEL_WIDTH = 22;

export function wrapLabel(text: string, width = AXIS_LABEL_WIDTH): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.trim().split(/\s+/).filter(Boolean)) {
    let rest = word;
    while (rest.length > width) {
      if (line) {
        lines.push(line);
        line = '';
      }
      lines.push(rest.slice(0, width));
      rest = rest.slice(width);
    }
    if (!rest) continue;
    if (!line) line = rest;
    else if (line.length + 1 + rest.length <= width) line = `${line} ${rest}`;
    else {
      lines.push(line);
      line = rest;
    }
  }
  if (line) lines.push(line);
  return lines;
}
