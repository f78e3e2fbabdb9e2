/**
 * The GST state codes of India (the first two digits of every GSTIN and the code of a place of supply), which
 * union territories have no legislature (they levy UTGST instead of SGST), and a forgiving lookup from the state
 * that a delivery address carries as free text (docs/decisions/0009-gst-tax-computation.md).
 */
import { GstInputError } from './errors';
import { GST_MESSAGES } from './messages';

export type GstStateKind = 'state' | 'ut-with-legislature' | 'ut-without-legislature';

export interface GstState {
  /** Two digits, e.g. '27'. */
  code: string;
  name: string;
  kind: GstStateKind;
  /** The tax levied beside CGST on a supply inside it: UTGST in a union territory without a legislature. */
  stateTax: 'SGST' | 'UTGST';
}

/** A code that GST used once and that a place of supply or a new GSTIN no longer carries. */
export interface RetiredGstState {
  code: string;
  name: string;
  /** The code that took over. */
  replacedBy: string;
}

function entry(code: string, name: string, kind: GstStateKind = 'state'): GstState {
  return { code, name, kind, stateTax: kind === 'ut-without-legislature' ? 'UTGST' : 'SGST' };
}

/** The codes in use, in code order. */
export const GST_STATES: readonly GstState[] = [
  entry('01', 'Jammu and Kashmir', 'ut-with-legislature'),
  entry('02', 'Himachal Pradesh'),
  entry('03', 'Punjab'),
  entry('04', 'Chandigarh', 'ut-without-legislature'),
  entry('05', 'Uttarakhand'),
  entry('06', 'Haryana'),
  entry('07', 'Delhi', 'ut-with-legislature'),
  entry('08', 'Rajasthan'),
  entry('09', 'Uttar Pradesh'),
  entry('10', 'Bihar'),
  entry('11', 'Sikkim'),
  entry('12', 'Arunachal Pradesh'),
  entry('13', 'Nagaland'),
  entry('14', 'Manipur'),
  entry('15', 'Mizoram'),
  entry('16', 'Tripura'),
  entry('17', 'Meghalaya'),
  entry('18', 'Assam'),
  entry('19', 'West Bengal'),
  entry('20', 'Jharkhand'),
  entry('21', 'Odisha'),
  entry('22', 'Chhattisgarh'),
  entry('23', 'Madhya Pradesh'),
  entry('24', 'Gujarat'),
  entry('26', 'Dadra and Nagar Haveli and Daman and Diu', 'ut-without-legislature'),
  entry('27', 'Maharashtra'),
  entry('29', 'Karnataka'),
  entry('30', 'Goa'),
  entry('31', 'Lakshadweep', 'ut-without-legislature'),
  entry('32', 'Kerala'),
  entry('33', 'Tamil Nadu'),
  entry('34', 'Puducherry', 'ut-with-legislature'),
  entry('35', 'Andaman and Nicobar Islands', 'ut-without-legislature'),
  entry('36', 'Telangana'),
  entry('37', 'Andhra Pradesh'),
  entry('38', 'Ladakh', 'ut-without-legislature'),
  // The continental shelf and the exclusive economic zone: a union territory for UTGST.
  entry('97', 'Other Territory', 'ut-without-legislature'),
];

/** 25 merged into 26 on 26 January 2020; 28 was Andhra Pradesh before Telangana was formed, now 37. */
export const RETIRED_GST_STATES: readonly RetiredGstState[] = [
  { code: '25', name: 'Daman and Diu', replacedBy: '26' },
  { code: '28', name: 'Andhra Pradesh (before division)', replacedBy: '37' },
];

const byCode = new Map(GST_STATES.map((state) => [state.code, state]));

/** The state with that two-digit code, or undefined (also for a retired code). */
export function gstStateByCode(code: string): GstState | undefined {
  return byCode.get(code);
}

/** The retired code's record, or undefined when the code was never retired. */
export function retiredGstState(code: string): RetiredGstState | undefined {
  return RETIRED_GST_STATES.find((state) => state.code === code);
}

/** The state with that code; a clear error for an unknown or retired one. */
export function requireGstStateByCode(code: string): GstState {
  const state = byCode.get(code);
  if (state) return state;
  const retired = retiredGstState(code);
  throw new GstInputError(
    retired ? GST_MESSAGES.retiredStateCode(code, retired.replacedBy) : GST_MESSAGES.unknownStateCode(code),
  );
}

/**
 * Other spellings people write, beside each state's own name: old names (Orissa, Pondicherry, Uttaranchal),
 * long forms (NCT of Delhi), the parts of a merged territory, common misspellings, and the two-letter codes of
 * ISO 3166-2:IN and of vehicle registration plates.
 */
const ALIASES: Record<string, readonly string[]> = {
  '01': ['J and K', 'Jammu Kashmir', 'Kashmir', 'JK'],
  '02': ['HP'],
  '03': ['PB'],
  '04': ['CH'],
  '05': ['Uttaranchal', 'Uttrakhand', 'UT', 'UK'],
  '06': ['HR'],
  '07': ['New Delhi', 'NCT of Delhi', 'NCT Delhi', 'National Capital Territory of Delhi', 'Delhi NCR', 'DL'],
  '08': ['RJ'],
  '09': ['UP'],
  '10': ['BR'],
  '11': ['SK'],
  '12': ['AR'],
  '13': ['NL'],
  '14': ['MN'],
  '15': ['MZ'],
  '16': ['TR'],
  '17': ['ML'],
  '18': ['AS'],
  '19': ['WB'],
  '20': ['JH'],
  '21': ['Orissa', 'OD', 'OR'],
  '22': ['Chattisgarh', 'Chhatisgarh', 'CT', 'CG'],
  '23': ['MP'],
  '24': ['Gujrat', 'GJ'],
  '26': [
    'Dadra and Nagar Haveli',
    'Dadra Nagar Haveli',
    'Daman and Diu',
    'Daman',
    'Diu',
    'DNH and DD',
    'DNHDD',
    'DH',
    'DN',
    'DD',
  ],
  '27': ['Maharastra', 'MH'],
  '29': ['Karnatak', 'KA'],
  '30': ['GA'],
  '31': ['Lakshadweep Islands', 'Laccadive Islands', 'LD'],
  '32': ['Keralam', 'KL'],
  '33': ['TN'],
  '34': ['Pondicherry', 'Pondichery', 'PY'],
  '35': ['Andaman and Nicobar', 'A and N Islands', 'A and N', 'Andaman', 'Andaman Islands', 'AN'],
  '36': ['Telengana', 'TG', 'TS'],
  '37': ['AP'],
  '38': ['LA'],
};

/**
 * The comparison key of a state name: lower case, '&' read as 'and', punctuation and spaces dropped, and the
 * words "state", "union territory", "the" and a trailing "UT" ignored, so 'TAMIL  NADU', 'Tamilnadu' and
 * 'Jammu & Kashmir' match.
 */
export function stateNameKey(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .replace(/^(?:the )?(?:state of |union territory of |ut of )/, '')
    .replace(/ (?:state|union territory|ut)$/, '')
    .replace(/ /g, '');
}

const byNameKey = new Map<string, GstState>();
for (const state of GST_STATES) {
  byNameKey.set(stateNameKey(state.name), state);
  for (const alias of ALIASES[state.code] ?? []) byNameKey.set(stateNameKey(alias), state);
}

/**
 * The state named by free text (a delivery address's state), tolerant of case, spacing, '&' and the usual
 * variants ('Orissa' -> Odisha, 'Pondicherry' -> Puducherry, 'NCT of Delhi' -> Delhi, 'Daman and Diu' -> 26); a
 * two-digit GST code is accepted as well. Undefined when nothing matches.
 */
export function findGstState(text: string): GstState | undefined {
  const trimmed = text.trim();
  if (/^\d{2}$/.test(trimmed)) {
    const retired = retiredGstState(trimmed);
    return byCode.get(retired ? retired.replacedBy : trimmed);
  }
  return byNameKey.get(stateNameKey(trimmed));
}

/** The place of supply for a delivery address's state: the state, or an error naming the text it could not read. */
export function placeOfSupplyOf(stateText: string): GstState {
  const state = findGstState(stateText);
  if (!state) throw new GstInputError(GST_MESSAGES.unknownStateName(stateText.trim()));
  return state;
}
