/**
 * Product pictures for the demo catalog, drawn locally as SVG (no downloads): a card in the
 * category's colour with a simple pictogram made of shapes, the product's title and its brand.
 * The SVG then goes through the same image pipeline as uploads (modules/products/images.ts).
 */
import type { DemoCategory } from './demo-products';

export const ARTWORK_WIDTH = 1024;
export const ARTWORK_HEIGHT = 768;

interface Palette {
  main: string;
  dark: string;
  light: string;
}

export const CATEGORY_PALETTES: Record<DemoCategory, Palette> = {
  'Fuel Dispensers': { main: '#d9480f', dark: '#862e09', light: '#fff4e6' },
  'Safety Gear & Uniforms': { main: '#f08c00', dark: '#8a5100', light: '#fff9db' },
  'Air Machines': { main: '#1c7ed6', dark: '#0b4a85', light: '#e7f5ff' },
  'Water Coolers': { main: '#0c8599', dark: '#075561', light: '#e3fafc' },
  'Fire Safety': { main: '#e03131', dark: '#8f1d1d', light: '#fff5f5' },
  'Testing Equipment': { main: '#7048e8', dark: '#3f2591', light: '#f3f0ff' },
  'Pet Supplies': { main: '#2f9e44', dark: '#1b5e28', light: '#ebfbee' },
};

const FONT = 'DejaVu Sans, Liberation Sans, Arial, Helvetica, sans-serif';

export function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** Greedy word wrap into at most `maxLines` lines of `width` characters, with an ellipsis if cut. */
export function wrapText(text: string, width: number, maxLines: number): string[] {
  const lines: string[] = [];
  let current = '';
  const words = text.split(/\s+/).filter(Boolean);
  for (let index = 0; index < words.length; index += 1) {
    const word = words[index]!;
    const candidate = current ? `${current} ${word}` : word;
    if (candidate.length <= width || !current) {
      current = candidate;
      continue;
    }
    lines.push(current);
    current = word;
    if (lines.length === maxLines) {
      current = '';
      const last = lines[maxLines - 1]!;
      lines[maxLines - 1] = `${last.slice(0, width - 1).trimEnd()}…`;
      break;
    }
  }
  if (current) lines.push(current.length > width ? `${current.slice(0, width - 1)}…` : current);
  return lines.slice(0, maxLines);
}

/** Each category's pictogram, drawn in a 400 x 400 box. */
const PICTOGRAMS: Record<DemoCategory, (p: Palette) => string> = {
  'Fuel Dispensers': (p) => `
    <rect x="110" y="40" width="170" height="320" rx="18" fill="${p.main}"/>
    <rect x="132" y="66" width="126" height="84" rx="8" fill="#1f2933"/>
    <rect x="146" y="84" width="98" height="16" rx="4" fill="#69db7c"/>
    <rect x="146" y="110" width="64" height="16" rx="4" fill="#69db7c"/>
    <rect x="138" y="176" width="114" height="54" rx="8" fill="${p.light}"/>
    <rect x="90" y="350" width="210" height="26" rx="8" fill="${p.dark}"/>
    <path d="M280 120 h42 a22 22 0 0 1 22 22 v150 a22 22 0 0 1 -44 0 v-60" fill="none" stroke="${p.dark}" stroke-width="14" stroke-linecap="round"/>
    <rect x="284" y="214" width="34" height="60" rx="8" fill="${p.dark}"/>`,
  'Safety Gear & Uniforms': (p) => `
    <path d="M140 50 L200 90 L260 50 L320 90 L300 170 L300 370 L100 370 L100 170 L80 90 Z" fill="${p.main}"/>
    <path d="M200 90 L170 370 M200 90 L230 370" stroke="${p.dark}" stroke-width="8"/>
    <rect x="100" y="240" width="200" height="26" fill="#e9ecef"/>
    <rect x="100" y="300" width="200" height="26" fill="#e9ecef"/>
    <circle cx="200" cy="70" r="18" fill="${p.light}"/>`,
  'Air Machines': (p) => `
    <circle cx="200" cy="180" r="140" fill="${p.light}" stroke="${p.main}" stroke-width="22"/>
    ${Array.from({ length: 9 }, (_, i) => {
      const angle = ((-210 + i * 30) * Math.PI) / 180;
      const x1 = 200 + Math.cos(angle) * 100;
      const y1 = 180 + Math.sin(angle) * 100;
      const x2 = 200 + Math.cos(angle) * 122;
      const y2 = 180 + Math.sin(angle) * 122;
      return `<line x1="${x1.toFixed(1)}" y1="${y1.toFixed(1)}" x2="${x2.toFixed(1)}" y2="${y2.toFixed(1)}" stroke="${p.dark}" stroke-width="8" stroke-linecap="round"/>`;
    }).join('')}
    <line x1="200" y1="180" x2="280" y2="110" stroke="${p.dark}" stroke-width="12" stroke-linecap="round"/>
    <circle cx="200" cy="180" r="18" fill="${p.dark}"/>
    <path d="M200 320 v30 q0 30 40 30 h90" fill="none" stroke="${p.main}" stroke-width="16" stroke-linecap="round"/>`,
  'Water Coolers': (p) => `
    <rect x="100" y="50" width="200" height="320" rx="20" fill="${p.main}"/>
    <rect x="124" y="80" width="152" height="110" rx="10" fill="${p.light}"/>
    <rect x="170" y="210" width="60" height="22" rx="6" fill="${p.dark}"/>
    <rect x="190" y="232" width="20" height="26" fill="${p.dark}"/>
    <path d="M200 272 q-18 28 0 42 q18 -14 0 -42 Z" fill="#4dabf7"/>
    <rect x="124" y="330" width="152" height="16" rx="6" fill="${p.dark}"/>`,
  'Fire Safety': (p) => `
    <rect x="130" y="120" width="140" height="250" rx="40" fill="${p.main}"/>
    <rect x="172" y="70" width="56" height="56" rx="10" fill="${p.dark}"/>
    <path d="M228 84 h60 l14 18" fill="none" stroke="${p.dark}" stroke-width="14" stroke-linecap="round"/>
    <path d="M172 96 q-70 10 -70 90 v60" fill="none" stroke="${p.dark}" stroke-width="14" stroke-linecap="round"/>
    <rect x="150" y="200" width="100" height="80" rx="10" fill="${p.light}"/>
    <path d="M200 212 q30 30 14 56 q-14 12 -28 0 q-16 -26 14 -56 Z" fill="${p.main}"/>`,
  'Testing Equipment': (p) => `
    <rect x="90" y="40" width="90" height="320" rx="12" fill="${p.light}" stroke="${p.main}" stroke-width="12"/>
    <rect x="102" y="180" width="66" height="168" rx="6" fill="${p.main}"/>
    ${Array.from({ length: 6 }, (_, i) => `<line x1="150" y1="${80 + i * 45}" x2="180" y2="${80 + i * 45}" stroke="${p.dark}" stroke-width="6"/>`).join('')}
    <path d="M230 170 h110 l-12 190 h-86 Z" fill="${p.light}" stroke="${p.main}" stroke-width="12" stroke-linejoin="round"/>
    <path d="M240 270 h90 l-6 84 h-78 Z" fill="${p.dark}"/>
    <rect x="78" y="356" width="114" height="20" rx="8" fill="${p.dark}"/>`,
  'Pet Supplies': (p) => `
    <ellipse cx="200" cy="260" rx="100" ry="88" fill="${p.main}"/>
    <ellipse cx="92" cy="150" rx="38" ry="50" fill="${p.main}"/>
    <ellipse cx="160" cy="90" rx="38" ry="52" fill="${p.main}"/>
    <ellipse cx="240" cy="90" rx="38" ry="52" fill="${p.main}"/>
    <ellipse cx="308" cy="150" rx="38" ry="50" fill="${p.main}"/>
    <path d="M160 250 q40 40 80 0" fill="none" stroke="${p.light}" stroke-width="12" stroke-linecap="round"/>`,
};

/** The SVG picture of one demo product. `variant` nudges the decoration so siblings differ. */
export function productArtwork(input: {
  title: string;
  brand: string;
  category: DemoCategory;
  variant: number;
}): string {
  const palette = CATEGORY_PALETTES[input.category];
  const titleLines = wrapText(input.title, 34, 2);
  const titleY = titleLines.length === 1 ? 630 : 608;
  const dots = Array.from({ length: 6 }, (_, i) => {
    const x = 60 + ((input.variant * 137 + i * 173) % 904);
    const y = 60 + ((input.variant * 89 + i * 97) % 360);
    return `<circle cx="${x}" cy="${y}" r="${10 + ((input.variant + i) % 4) * 6}" fill="${palette.main}" opacity="0.12"/>`;
  }).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${ARTWORK_WIDTH}" height="${ARTWORK_HEIGHT}" viewBox="0 0 ${ARTWORK_WIDTH} ${ARTWORK_HEIGHT}">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="${palette.light}"/>
      <stop offset="1" stop-color="#ffffff"/>
    </linearGradient>
  </defs>
  <rect width="${ARTWORK_WIDTH}" height="${ARTWORK_HEIGHT}" fill="url(#bg)"/>
  ${dots}
  <rect x="32" y="32" rx="22" width="${Math.min(60 + input.category.length * 15, 560)}" height="48" fill="${palette.main}"/>
  <text x="56" y="65" font-family="${FONT}" font-size="26" font-weight="bold" fill="#ffffff">${escapeXml(input.category)}</text>
  <g transform="translate(312 56)">${PICTOGRAMS[input.category](palette)}</g>
  <rect x="32" y="520" width="${ARTWORK_WIDTH - 64}" height="216" rx="24" fill="#ffffff" stroke="${palette.main}" stroke-width="4"/>
  ${titleLines
    .map(
      (line, index) =>
        `<text x="${ARTWORK_WIDTH / 2}" y="${titleY + index * 52}" text-anchor="middle" font-family="${FONT}" font-size="44" font-weight="bold" fill="#212529">${escapeXml(line)}</text>`,
    )
    .join('\n  ')}
  <text x="${ARTWORK_WIDTH / 2}" y="704" text-anchor="middle" font-family="${FONT}" font-size="32" fill="${palette.dark}">${escapeXml(input.brand)}</text>
</svg>`;
}
