/**
 * The e-invoice JSON (INV-01, schema version 1.1) as far as the shop fills it: B2B supplies of goods and the
 * delivery charge, no e-commerce operator, no export, no e-way bill. Field names are NIC's; amounts are rupees
 * with at most two decimals (UnitPrice three); Pin is a number. The fields and limits follow NIC's API
 * documentation (docs/decisions/0029-e-invoicing.md names the sources); inv01.schema.json checks them in tests.
 */
import type { IrpDocumentType } from './irp';

export interface Inv01Party {
  Gstin: string;
  LglNm: string;
  TrdNm?: string;
  Addr1: string;
  Addr2?: string;
  Loc: string;
  Pin: number;
  Stcd: string;
  Ph?: string;
  Em?: string;
}

export interface Inv01Item {
  SlNo: string;
  PrdDesc: string;
  IsServc: 'Y' | 'N';
  HsnCd: string;
  Qty: number;
  Unit: string;
  UnitPrice: number;
  TotAmt: number;
  AssAmt: number;
  GstRt: number;
  IgstAmt: number;
  CgstAmt: number;
  SgstAmt: number;
  TotItemVal: number;
}

export interface Inv01 {
  Version: '1.1';
  TranDtls: { TaxSch: 'GST'; SupTyp: 'B2B'; RegRev: 'Y' | 'N'; IgstOnIntra: 'Y' | 'N' };
  DocDtls: { Typ: IrpDocumentType; No: string; Dt: string };
  SellerDtls: Inv01Party;
  BuyerDtls: Inv01Party & { Pos: string };
  ItemList: Inv01Item[];
  ValDtls: { AssVal: number; CgstVal: number; SgstVal: number; IgstVal: number; RndOffAmt: number; TotInvVal: number };
  /** A note names the invoice it corrects. */
  RefDtls?: { PrecDocDtls: Array<{ InvNo: string; InvDt: string }> };
}
