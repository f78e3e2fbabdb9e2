/**
 * The month's GSTR-1 as one JSON file in the portal's own format (docs/shop-rules.md#gst-report-json), the file
 * the GSTN offline tool imports and the portal accepts, with the keys of the portal's GSTR-1 save payload: b2b,
 * b2cl, b2cs, cdnr, cdnur, hsn (hsn_b2b, hsn_b2c) and doc_issue. It is written from the same documents and the
 * same groups as the CSV files, so the two reconcile to the paisa; gstr1-json.schema.json describes it
 * (docs/decisions/0026-gstr1-json.md says where that schema comes from). Amounts are rupees with at most 2
 * decimals, dates dd-mm-yyyy in India, the place of supply its 2-digit state code. A credit note's amounts are
 * unsigned, as the portal wants them: its note type C says they reduce the tax.
 */
import {
  documentTotalPaise,
  hsnDescription,
  taxSummaryByRate,
  toRupees,
  type RateSummaryRow,
  type TaxDocument,
} from '@pumpkart/shared';
import { classOf, gstnJsonDate, NOTES, noteType, type TaxDocumentKind } from './format';
import { issuedSeries, NATURE_OF_DOCUMENT } from './issued';
import { b2csGroups, hsnGroups, hsnUnit, type HsnScope } from './summaries';

/** The month's documents of the kinds asked for, read afresh at each call (the file reads them in several passes). */
export type ReadDocuments = (kinds: readonly TaxDocumentKind[]) => AsyncIterable<TaxDocument>;

type Json = Record<string, unknown>;

/** '2026-11' -> '112026', the portal's return period (MMYYYY). */
export const returnPeriod = (month: string) => `${month.slice(5, 7)}${month.slice(0, 4)}`;

/** The taxes of one rate: IGST between states, CGST and SGST/UTGST inside one; cess is never charged. */
function taxes(
  amounts: { igstPaise: number; cgstPaise: number; sgstPaise: number; utgstPaise: number },
  inter: boolean,
) {
  return inter
    ? { iamt: toRupees(amounts.igstPaise), csamt: 0 }
    : { camt: toRupees(amounts.cgstPaise), samt: toRupees(amounts.sgstPaise + amounts.utgstPaise), csamt: 0 };
}

/** A document's items: one per rate, numbered from 1. */
const items = (document: TaxDocument) =>
  taxSummaryByRate(document.lines).map((rate: RateSummaryRow, index) => ({
    num: index + 1,
    itm_det: {
      txval: toRupees(rate.taxablePaise),
      rt: rate.ratePercent,
      ...taxes(rate, document.supplyType === 'inter-state'),
    },
  }));

/** What every invoice and note of b2b, b2cl, cdnr and cdnur says of itself. */
const documentFields = (document: TaxDocument, numberKey: string, dateKey: string) => ({
  [numberKey]: document.number,
  [dateKey]: gstnJsonDate(document.issuedAt),
  val: toRupees(documentTotalPaise(document)),
});

/** Rows grouped under a key, in the order the keys were first seen: b2b under the buyer's GSTIN, b2cl under pos. */
class Grouped {
  private readonly groups = new Map<string, Json[]>();

  add(key: string, row: Json): void {
    this.groups.set(key, [...(this.groups.get(key) ?? []), row]);
  }

  list(keyName: string, rowsName: string): Json[] {
    return [...this.groups].map(([key, rows]) => ({ [keyName]: key, [rowsName]: rows }));
  }
}

async function invoiceSections(read: ReadDocuments) {
  const b2b = new Grouped();
  const b2cl = new Grouped();
  for await (const document of read(['invoice'])) {
    const cls = classOf(document);
    if (cls === 'b2b') {
      b2b.add(document.buyer.gstin!, {
        ...documentFields(document, 'inum', 'idt'),
        pos: document.placeOfSupply.code,
        rchrg: 'N',
        inv_typ: 'R',
        itms: items(document),
      });
    } else if (cls === 'b2cl') {
      b2cl.add(document.placeOfSupply.code, { ...documentFields(document, 'inum', 'idt'), itms: items(document) });
    }
  }
  return { b2b: b2b.list('ctin', 'inv'), b2cl: b2cl.list('pos', 'inv') };
}

async function noteSections(read: ReadDocuments) {
  const cdnr = new Grouped();
  const cdnur: Json[] = [];
  for await (const document of read(NOTES)) {
    const cls = classOf(document);
    const note = {
      ntty: noteType(document),
      ...documentFields(document, 'nt_num', 'nt_dt'),
      pos: document.placeOfSupply.code,
    };
    if (cls === 'b2b') {
      cdnr.add(document.buyer.gstin!, { ...note, rchrg: 'N', inv_typ: 'R', itms: items(document) });
    } else if (cls === 'b2cl') {
      cdnur.push({ typ: 'B2CL', ...note, itms: items(document) });
    }
  }
  return { cdnr: cdnr.list('ctin', 'nt'), cdnur };
}

async function b2csSection(read: ReadDocuments): Promise<Json[]> {
  return (await b2csGroups(read(['invoice', 'credit-note', 'debit-note']))).map((group) => ({
    sply_ty: group.inter ? 'INTER' : 'INTRA',
    pos: group.code,
    typ: 'OE',
    rt: group.rate,
    txval: toRupees(group.taxablePaise),
    ...taxes(group, group.inter),
  }));
}

async function hsnSection(read: ReadDocuments, scope: HsnScope): Promise<Json[]> {
  return (await hsnGroups(read(['invoice', 'credit-note', 'debit-note']), scope)).map((group, index) => ({
    num: index + 1,
    hsn_sc: group.hsn,
    desc: hsnDescription(group.hsn),
    uqc: hsnUnit(group),
    qty: group.quantity,
    rt: group.rate,
    txval: toRupees(group.taxablePaise),
    iamt: toRupees(group.igstPaise),
    camt: toRupees(group.cgstPaise),
    samt: toRupees(group.sgstPaise + group.utgstPaise),
    csamt: 0,
  }));
}

async function docIssueSection(read: ReadDocuments) {
  const natures = new Map<number, Json[]>();
  for (const series of await issuedSeries(read(['invoice', 'credit-note', 'debit-note']))) {
    const docNum = NATURE_OF_DOCUMENT[series.kind].docNum;
    const docs = natures.get(docNum) ?? [];
    docs.push({
      num: docs.length + 1,
      from: series.first,
      to: series.last,
      totnum: series.count,
      cancel: 0,
      net_issue: series.count,
    });
    natures.set(docNum, docs);
  }
  return { doc_det: [...natures].map(([docNum, docs]) => ({ doc_num: docNum, docs })) };
}

/**
 * The month's GSTR-1 of the seller `gstin`. A section with nothing in it is left out, except the HSN summary and
 * the documents issued, which every return carries (tables 12 and 13).
 */
export async function gstr1Json(gstin: string, month: string, read: ReadDocuments): Promise<Json> {
  const { b2b, b2cl } = await invoiceSections(read);
  const { cdnr, cdnur } = await noteSections(read);
  const b2cs = await b2csSection(read);
  const hsn = { hsn_b2b: await hsnSection(read, 'b2b'), hsn_b2c: await hsnSection(read, 'b2c') };
  const sections = { b2b, b2cl, b2cs, cdnr, cdnur };
  return {
    gstin,
    fp: returnPeriod(month),
    ...Object.fromEntries(Object.entries(sections).filter(([, rows]) => rows.length > 0)),
    hsn,
    doc_issue: await docIssueSection(read),
  };
}
