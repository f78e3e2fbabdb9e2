/**
 * A B2B tax document as the e-invoice JSON (INV-01, schema version 1.1; src/irp/inv01-types.ts): the stored
 * snapshot's own figures, in rupees, never recomputed. The SGST and the UTGST both go to SgstAmt (the schema has
 * one field for the state's or the union territory's tax); a delivery line is a service only under a SAC (99...).
 * A credit or debit note names its invoice in RefDtls.PrecDocDtls.
 */
import type { DocumentAddress, TaxDocument } from '@pumpkart/shared';
import { IRP_DOCUMENT_TYPES } from '../../irp/irp';
import type { Inv01, Inv01Party } from '../../irp/inv01-types';
import { formatIndianDate } from './pdf/format';

/** Paise as rupees with two decimals, as a JSON number. */
const rupees = (paise: number) => Math.round(paise) / 100;

/** An INV-01 date: dd/mm/yyyy in India. */
export const inv01Date = (iso: string) => formatIndianDate(iso).replace(/-/g, '/');

/** INV-01 limits text fields (Addr1 and Addr2 100, Loc 50, LglNm 100): longer values are cut, not refused. */
const cut = (text: string, max: number) => text.trim().slice(0, max);

function party(
  gstin: string,
  legalName: string,
  address: DocumentAddress,
  contact: { phone: string; email: string },
): Inv01Party {
  const result: Inv01Party = {
    Gstin: gstin,
    LglNm: cut(legalName, 100),
    Addr1: cut(address.line1, 100),
    Loc: cut(address.city, 50),
    Pin: Number(address.postalCode),
    Stcd: gstin.slice(0, 2),
  };
  if (address.line2?.trim()) result.Addr2 = cut(address.line2, 100);
  if (/^\d{6,12}$/.test(contact.phone)) result.Ph = contact.phone;
  if (contact.email && contact.email.length <= 100) result.Em = contact.email;
  return result;
}

/** The INV-01 payload of a B2B document (one with the buyer's GSTIN); throws for a B2C one. */
export function inv01Of(doc: TaxDocument): Inv01 {
  const { buyer, seller } = doc;
  if (!buyer.gstin || !buyer.businessName) throw new Error(`${doc.number} is not a B2B document`);
  const sellerParty = party(seller.gstin, seller.legalName, seller.address, seller);
  if (seller.tradeName.trim() !== seller.legalName.trim()) sellerParty.TrdNm = cut(seller.tradeName, 100);
  const payload: Inv01 = {
    Version: '1.1',
    TranDtls: { TaxSch: 'GST', SupTyp: 'B2B', RegRev: doc.reverseCharge ? 'Y' : 'N', IgstOnIntra: 'N' },
    DocDtls: { Typ: IRP_DOCUMENT_TYPES[doc.kind], No: doc.number, Dt: inv01Date(doc.issuedAt) },
    SellerDtls: sellerParty,
    BuyerDtls: { ...party(buyer.gstin, buyer.businessName, buyer.address, buyer), Pos: doc.placeOfSupply.code },
    ItemList: doc.lines.map((line, index) => {
      // The delivery line has no goods: one unit. It is a service only under a services code (SAC, chapter 99);
      // apportioned over the goods it takes their HSN codes (a composite supply) and is goods to the IRP.
      const quantity = line.kind === 'delivery' ? 1 : line.quantity;
      const service = line.hsn.startsWith('99');
      return {
        SlNo: String(index + 1),
        PrdDesc: cut(line.description, 300),
        IsServc: service ? 'Y' : 'N',
        HsnCd: line.hsn,
        Qty: quantity,
        Unit: line.unit,
        UnitPrice: Math.round((line.taxablePaise / quantity) * 10) / 1000,
        TotAmt: rupees(line.taxablePaise),
        AssAmt: rupees(line.taxablePaise),
        GstRt: line.ratePercent,
        IgstAmt: rupees(line.igstPaise),
        CgstAmt: rupees(line.cgstPaise),
        SgstAmt: rupees(line.sgstPaise + line.utgstPaise),
        TotItemVal: rupees(line.inclusivePaise),
      };
    }),
    ValDtls: {
      AssVal: rupees(doc.totals.taxablePaise),
      CgstVal: rupees(doc.totals.cgstPaise),
      SgstVal: rupees(doc.totals.sgstPaise + doc.totals.utgstPaise),
      IgstVal: rupees(doc.totals.igstPaise),
      RndOffAmt: rupees(doc.roundOffPaise ?? 0),
      TotInvVal: rupees(doc.totals.inclusivePaise + (doc.roundOffPaise ?? 0)),
    },
  };
  if (doc.kind !== 'invoice' && doc.reference) {
    payload.RefDtls = { PrecDocDtls: [{ InvNo: doc.reference.number, InvDt: inv01Date(doc.reference.issuedAt) }] };
  }
  return payload;
}
