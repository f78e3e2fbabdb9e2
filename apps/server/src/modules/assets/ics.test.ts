/** The iCalendar writer's rules (RFC 5545): text escaping and folding at 75 octets without splitting a character. */
import { describe, expect, it } from 'vitest';
import { escapeText, foldLine, writeCalendar } from './ics';

describe('the iCalendar writer', () => {
  it('escapes backslash, semicolon, comma and new lines', () => {
    expect(escapeText('a\\b;c,d\ne')).toBe('a\\\\b\\;c\\,d\\ne');
  });

  it('folds long lines at 75 octets, never inside a UTF-8 character', () => {
    const line = `SUMMARY:${'₹'.repeat(60)}`;
    const folded = foldLine(line);
    const parts = folded.split('\r\n');
    expect(parts.length).toBeGreaterThan(1);
    for (const part of parts) expect(Buffer.byteLength(part)).toBeLessThanOrEqual(75);
    expect(parts.slice(1).every((part) => part.startsWith(' '))).toBe(true);
    expect(folded.replace(/\r\n /g, '')).toBe(line);
    expect(foldLine('SHORT:1')).toBe('SHORT:1');
  });

  it('writes all-day events ending the next day', () => {
    const ics = writeCalendar({
      name: 'Outlet',
      stamp: new Date('2026-12-07T10:00:00Z'),
      events: [{ uid: 'a@b', day: '2026-12-31', summary: 'Refill', description: 'x' }],
    });
    expect(ics).toContain('DTSTART;VALUE=DATE:20261231\r\nDTEND;VALUE=DATE:20270101\r\n');
    expect(ics).toContain('DTSTAMP:20261207T100000Z\r\n');
  });
});
