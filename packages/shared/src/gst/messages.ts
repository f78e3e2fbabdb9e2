/**
 * Every message of the GST groundwork (GSTIN check, tax computation, document numbers), kept in one place so that
 * forms, the server and the tests quote the same words (docs/decisions/0009-gst-tax-computation.md).
 */

export const GST_MESSAGES = {
  // GSTIN check
  gstinRequired: 'Enter the GSTIN.',
  gstinLength: (n: number) => `A GSTIN has 15 characters; this one has ${n}.`,
  gstinStateCode: (code: string) => `A GSTIN starts with a two-digit state code; "${code}" is not a GST state code.`,
  gstinRetiredStateCode: (code: string, name: string, current: string, currentName: string) =>
    `State code ${code} (${name}) is no longer in use; registrations there now start with ${current} (${currentName}).`,
  gstinPan: (pan: string) =>
    `Characters 3 to 12 of a GSTIN are the holder's PAN (5 letters, 4 digits, 1 letter); "${pan}" is not a PAN.`,
  gstinEntityNumber: (c: string) =>
    `The 13th character of a GSTIN counts the registrations on the PAN and is 1–9 or A–Z; "${c}" is not.`,
  gstinFourteenth: (c: string) => `The 14th character of a GSTIN is "Z"; this one has "${c}".`,
  gstinCheckCharacter: (expected: string, actual: string) =>
    `The last character of this GSTIN should be "${expected}", not "${actual}"; check it for a typing mistake.`,
  gstinFirst14: 'The check character is computed from the first 14 characters of a GSTIN (0–9, A–Z).',

  // States and places of supply
  unknownStateCode: (code: string) => `"${code}" is not a GST state code.`,
  retiredStateCode: (code: string, current: string) =>
    `State code ${code} is no longer in use; use ${current} instead.`,
  unknownStateName: (text: string) =>
    `"${text}" is not a state or union territory of India, so the place of supply cannot be told.`,

  // Bill to one state, ship to another (bill-to-ship-to.ts)
  billToShipToTitle: 'Your GSTIN is from another state than the delivery address',
  billToShipTo: (gstinState: string, gstinCode: string, deliveryState: string, deliveryCode: string) =>
    `Your GSTIN is registered in ${gstinState} (${gstinCode}), but the goods go to ${deliveryState} ` +
    `(${deliveryCode}). GST is charged for ${deliveryState}, the place of supply where the goods are delivered ` +
    `(IGST Act, section 10(1)(a)), and the invoice says so. Input tax credit of that tax is open to a GSTIN ` +
    `registered in ${deliveryState}: your ${gstinState} registration will not be able to claim it. To keep the ` +
    `credit, enter a GSTIN registered in ${deliveryState} or deliver to an address in ${gstinState}.`,

  // Tax computation
  noLines: 'An invoice needs at least one line.',
  deliveryWithoutLines: 'A delivery charge needs at least one line of goods on the invoice.',
  unknownRate: (line: number, rate: number) =>
    `Line ${line}: ${rate} % is not a GST rate; use 0, 0.25, 3, 5, 12, 18, 28 or 40 %.`,
  negativeAmount: (what: string, paise: number) => `${what} cannot be negative (got ${paise} paise).`,
  notWholePaise: (what: string, value: number) => `${what} must be a whole number of paise (got ${value}).`,
  amountTooLarge: (what: string) => `${what} is too large to compute to the paisa.`,
  badQuantity: (line: number, quantity: number) =>
    `Line ${line}: the quantity must be a whole number of at least 1 (got ${quantity}).`,
  badHsn: (line: number, hsn: string) => `Line ${line}: "${hsn}" is not an HSN or SAC code (4, 6 or 8 digits).`,
  emptyDescription: (line: number) => `Line ${line}: the description is empty.`,
  lineLabel: (line: number) => `Line ${line}: the amount`,
  deliveryChargeLabel: 'The delivery charge',
  deliveryLineDescription: 'Delivery charge',

  // Amount in words
  amountInWordsInvalid: (paise: number) =>
    `An amount in words needs a whole, non-negative number of paise (got ${paise}).`,

  // Financial year and document numbers
  invalidDate: 'The date is not a valid date.',
  financialYearLabel: (label: string) => `"${label}" is not a financial year such as 2026-27.`,
  documentPrefixCharacters: (prefix: string) =>
    `A document number prefix is made of letters and digits only; "${prefix}" is not.`,
  documentPrefixLength: (prefix: string, max: number) =>
    `The prefix "${prefix}" is too long: a document number has at most 16 characters (CGST Rule 46), which leaves ${max} for the prefix.`,
  invoicePrefixIsCreditNotes: (prefix: string) =>
    `The prefix "${prefix}" is kept for credit and debit notes; choose another one for invoices.`,
  documentSequence: (sequence: number) =>
    `The sequence number must be a whole number from 1 to 999999 (got ${sequence}).`,
} as const;
