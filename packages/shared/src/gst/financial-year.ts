/**
 * The Indian financial year (1 April to 31 March, by the date in India) and the numbers of tax invoices and
 * credit notes: at most 16 characters of letters, digits, '/' and '-', one series per financial year (CGST Rules
 * 46 and 53), e.g. PK/26-27/000123 and CN/26-27/000007 (docs/decisions/0009-gst-tax-computation.md).
 */
import { GstInputError } from './errors';
import { GST_MESSAGES } from './messages';

export const INDIA_TIME_ZONE = 'Asia/Kolkata';

export interface FinancialYear {
  /** The calendar year in which it starts, e.g. 2026. */
  start: number;
  /** e.g. '2026-27'. */
  label: string;
  /** e.g. '26-27', as document numbers carry it. */
  shortLabel: string;
  /** e.g. '2026-04-01'. */
  firstDay: string;
  /** e.g. '2027-03-31'. */
  lastDay: string;
}

export const MAX_DOCUMENT_NUMBER_LENGTH = 16;
export const DOCUMENT_SEQUENCE_DIGITS = 6;
export const MAX_DOCUMENT_SEQUENCE = 10 ** DOCUMENT_SEQUENCE_DIGITS - 1;
/** Room left for the prefix in 'PREFIX/26-27/000123'. */
export const MAX_DOCUMENT_PREFIX_LENGTH = MAX_DOCUMENT_NUMBER_LENGTH - '/26-27/'.length - DOCUMENT_SEQUENCE_DIGITS;
export const DEFAULT_INVOICE_PREFIX = 'PK';
export const CREDIT_NOTE_PREFIX = 'CN';
export const DEBIT_NOTE_PREFIX = 'DN';
/** What a document number may look like (CGST Rule 46(b)). */
export const DOCUMENT_NUMBER_PATTERN = /^[A-Za-z0-9/-]{1,16}$/;

function twoDigits(n: number): string {
  return String(n % 100).padStart(2, '0');
}

/** The financial year that starts in April of `start`. */
export function financialYearStarting(start: number): FinancialYear {
  return {
    start,
    label: `${start}-${twoDigits(start + 1)}`,
    shortLabel: `${twoDigits(start)}-${twoDigits(start + 1)}`,
    firstDay: `${start}-04-01`,
    lastDay: `${start + 1}-03-31`,
  };
}

/** One formatter per time zone: making an Intl.DateTimeFormat costs far more than using one (each invoice asks). */
const yearMonthFormats = new Map<string, Intl.DateTimeFormat>();
function yearMonthFormat(timeZone: string): Intl.DateTimeFormat {
  let format = yearMonthFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: 'numeric' });
    yearMonthFormats.set(timeZone, format);
  }
  return format;
}

/**
 * The financial year of a moment, by the calendar date in `timeZone` (India by default): 31 March 23:30 UTC is
 * already 1 April in India, so it belongs to the next year.
 */
export function financialYearOf(date: Date | number | string, timeZone: string = INDIA_TIME_ZONE): FinancialYear {
  const moment = date instanceof Date ? date : new Date(date);
  if (Number.isNaN(moment.getTime())) throw new GstInputError(GST_MESSAGES.invalidDate);
  const parts = yearMonthFormat(timeZone).formatToParts(moment);
  const year = Number(parts.find((part) => part.type === 'year')?.value);
  const month = Number(parts.find((part) => part.type === 'month')?.value);
  return financialYearStarting(month >= 4 ? year : year - 1);
}

/** The financial year of a label such as '2026-27'; an error when the two halves are not consecutive years. */
export function parseFinancialYearLabel(label: string): FinancialYear {
  const match = /^(\d{4})-\d{2}$/.exec(label);
  const year = match ? financialYearStarting(Number(match[1])) : undefined;
  if (!year || year.label !== label) throw new GstInputError(GST_MESSAGES.financialYearLabel(label));
  return year;
}

function documentNumber(prefix: string, fyLabel: string, sequence: number): string {
  if (!/^[A-Za-z0-9]+$/.test(prefix)) throw new GstInputError(GST_MESSAGES.documentPrefixCharacters(prefix));
  if (prefix.length > MAX_DOCUMENT_PREFIX_LENGTH) {
    throw new GstInputError(GST_MESSAGES.documentPrefixLength(prefix, MAX_DOCUMENT_PREFIX_LENGTH));
  }
  const year = parseFinancialYearLabel(fyLabel);
  if (!Number.isInteger(sequence) || sequence < 1 || sequence > MAX_DOCUMENT_SEQUENCE) {
    throw new GstInputError(GST_MESSAGES.documentSequence(sequence));
  }
  return `${prefix}/${year.shortLabel}/${String(sequence).padStart(DOCUMENT_SEQUENCE_DIGITS, '0')}`;
}

/**
 * A tax invoice number: formatInvoiceNumber('PK', '2026-27', 123) -> 'PK/26-27/000123'. The prefix is 1 to 3
 * letters or digits, so that every sequence up to 999999 fits in 16 characters; the credit notes' prefix is
 * refused so the two series never share a number.
 */
export function formatInvoiceNumber(prefix: string, fyLabel: string, sequence: number): string {
  if (prefix.toUpperCase() === CREDIT_NOTE_PREFIX || prefix.toUpperCase() === DEBIT_NOTE_PREFIX) {
    throw new GstInputError(GST_MESSAGES.invoicePrefixIsCreditNotes(prefix));
  }
  return documentNumber(prefix, fyLabel, sequence);
}

/** A credit note number, its own series: creditNoteNumber('2026-27', 7) -> 'CN/26-27/000007'. */
export function creditNoteNumber(fyLabel: string, sequence: number, prefix: string = CREDIT_NOTE_PREFIX): string {
  return documentNumber(prefix, fyLabel, sequence);
}

/** A debit note number, its own series: debitNoteNumber('2026-27', 1) -> 'DN/26-27/000001'. */
export function debitNoteNumber(fyLabel: string, sequence: number): string {
  return documentNumber(DEBIT_NOTE_PREFIX, fyLabel, sequence);
}

/**
 * The last day (in India, 'YYYY-MM-DD') on which a credit note for a supply made at `suppliedAt` may still be issued:
 * 30 November following the end of the supply's financial year (CGST Act s.34(2) as amended by the Finance Act,
 * 2022). The earlier date of filing that year's annual return is not known to the shop and is not applied.
 */
export function creditNoteLastDay(suppliedAt: Date | string): string {
  return `${financialYearOf(suppliedAt).start + 1}-11-30`;
}

/** The calendar date in India of a moment, 'YYYY-MM-DD'. */
export function indiaDateOf(moment: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: INDIA_TIME_ZONE }).format(moment);
}

/** Whether a credit note for a supply made at `suppliedAt` is past its time limit at `now` (creditNoteLastDay). */
export function creditNoteTooLate(suppliedAt: Date | string, now: Date): boolean {
  return indiaDateOf(now) > creditNoteLastDay(suppliedAt);
}
