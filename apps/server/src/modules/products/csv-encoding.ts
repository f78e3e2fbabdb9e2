/**
 * Which text encoding an import file is in (docs/shop-rules.md#products-csv), and its text. A spreadsheet saves
 * "CSV" in the PC's own code page unless told "CSV UTF-8": on most Indian office PCs that is Windows-1252, where
 * `Café` is the bytes 43 61 66 E9, which read as UTF-8 give `Caf�`. A byte-order mark says UTF-8 or UTF-16;
 * without one, a file that is valid UTF-8 is UTF-8 (text in Windows-1252 with any accent is almost never valid
 * UTF-8), and anything else is read as Windows-1252, which gives every byte a character (a superset of Latin-1's
 * printable characters). Windows-1252 is decoded by iconv-lite: Node 20's TextDecoder('windows-1252') reads bytes
 * 80-9F as Latin-1's control characters instead of `€`, `–`, `‘` and the like.
 */
import iconv from 'iconv-lite';
import type { CsvEncoding } from '@pumpkart/shared';

const BOMS: { encoding: CsvEncoding; bytes: number[] }[] = [
  { encoding: 'utf-8', bytes: [0xef, 0xbb, 0xbf] },
  { encoding: 'utf-16le', bytes: [0xff, 0xfe] },
  { encoding: 'utf-16be', bytes: [0xfe, 0xff] },
];

const startsWith = (bytes: Uint8Array, prefix: number[]) => prefix.every((byte, index) => bytes[index] === byte);

/** The file's encoding and its text (the byte-order mark dropped). */
export function decodeCsvBytes(bytes: Uint8Array): { encoding: CsvEncoding; text: string } {
  const marked = BOMS.find(({ bytes: bom }) => startsWith(bytes, bom));
  if (marked) return { encoding: marked.encoding, text: new TextDecoder(marked.encoding).decode(bytes) };
  try {
    return { encoding: 'utf-8', text: new TextDecoder('utf-8', { fatal: true }).decode(bytes) };
  } catch {
    return { encoding: 'windows-1252', text: iconv.decode(Buffer.from(bytes), 'windows-1252') };
  }
}
