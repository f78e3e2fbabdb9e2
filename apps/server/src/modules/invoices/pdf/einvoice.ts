/**
 * The e-invoice band under the particulars (docs/shop-rules.md#e-invoicing): the acknowledgement number and date
 * and the signed QR code the IRP returned (its JWT as the QR's text, as the portal's verifier app reads it), drawn
 * as vector squares so the PDF stays deterministic. The IRN itself is the particulars' line (header.ts). A document
 * still waiting for its IRN says it is not final; one whose IRN was cancelled says so.
 */
import QRCode from 'qrcode';
import { INDIA_TIME_ZONE } from '@pumpkart/shared';
import { INK, LEFT, MUTED, RIGHT, WIDTH, write, type Pdf } from './canvas';

/** What the tax document's row adds to its snapshot once it is reported. */
export interface EinvoicePrint {
  status: 'pending' | 'registered' | 'cancelled';
  irn: string | null;
  ackNo: string | null;
  ackDate: string | null;
  signedQrCode: string | null;
  cancelledAt: string | null;
}

/** The QR's side in points: about 1.5 inches, within the portal's advice of up to 2 x 2 inches. */
const QR_SIZE = 108;

const istDateTime = new Intl.DateTimeFormat('en-GB', {
  timeZone: INDIA_TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
});

/** 'dd-mm-yyyy HH:mm' in India. */
export function formatIndianDateTime(iso: string): string {
  const parts = istDateTime.formatToParts(new Date(iso));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('day')}-${part('month')}-${part('year')} ${part('hour')}:${part('minute')}`;
}

/** Draws the band from `top`; answers the y below it (`top` when the document is not e-invoiced). */
export function drawEinvoice(pdf: Pdf, einvoice: EinvoicePrint | null | undefined, top: number): number {
  if (!einvoice) return top;
  const labelWidth = 108;
  if (einvoice.status === 'pending' || !einvoice.signedQrCode) {
    const text =
      'E-invoice: waiting for the IRN from the Invoice Registration Portal. This document is not final until it is registered.';
    return top + write(pdf, text, LEFT, top, WIDTH, { font: 'bold' }) + 8;
  }
  let y = top;
  const textWidth = WIDTH - QR_SIZE - 12;
  const line = (label: string, value: string) => {
    write(pdf, `${label}:`, LEFT, y, labelWidth, { color: MUTED });
    y += write(pdf, value, LEFT + labelWidth, y, textWidth - labelWidth, { font: 'bold' }) + 1.5;
  };
  line('Ack No.', einvoice.ackNo ?? '');
  line('Ack Date', einvoice.ackDate ? formatIndianDateTime(einvoice.ackDate) : '');
  if (einvoice.status === 'cancelled') {
    line('IRN cancelled', einvoice.cancelledAt ? formatIndianDateTime(einvoice.cancelledAt) : 'yes');
  }
  y += 2;
  y += write(
    pdf,
    'Signed QR code of the Invoice Registration Portal (e-invoice, CGST Rule 48(4))',
    LEFT,
    y,
    textWidth,
    {
      color: MUTED,
    },
  );
  drawQr(pdf, einvoice.signedQrCode, RIGHT - QR_SIZE, top);
  return Math.max(y, top + QR_SIZE) + 8;
}

/** The QR code of `text`, `QR_SIZE` wide, its top left corner at (x, y). */
function drawQr(pdf: Pdf, text: string, x: number, y: number): void {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const cell = QR_SIZE / modules.size;
  for (let row = 0; row < modules.size; row += 1) {
    for (let column = 0; column < modules.size; column += 1) {
      if (modules.get(row, column)) pdf.rect(x + column * cell, y + row * cell, cell, cell);
    }
  }
  pdf.fillColor(INK).fill();
}
