/**
 * Every user-facing text of the screens (MESSAGES) and the server's own messages (SERVER_MESSAGES, quoted
 * in docs/shop-rules.md), kept in one place so that screens, tests and the server use the same words.
 */

export const MESSAGES = {
  // Home, category, favorites, orders
  noProductsMatch: 'No products match your search or filters.',
  noProductsInCategory: 'No products available in this category.',
  loadingFavorites: 'Loading favorites...',
  noFavorites: 'No favorites yet.',
  favoritesLoadFailed: 'Your favorites could not be loaded right now.',
  productsLoadFailed: 'The products could not be loaded right now.',
  loadingProducts: 'Loading products...',
  /** The heading of search results (docs/shop-rules.md#filters). */
  resultsFor: (n: number, term: string) => `${n} ${n === 1 ? 'result' : 'results'} for '${term}'`,
  /** The same when the search's count stopped at its cap (docs/shop-rules.md#search): "1,000+ results for 'x'". */
  moreResultsFor: (cap: number, term: string) => `${cap.toLocaleString('en-IN')}+ results for '${term}'`,
  /** The heading of filtered results without a search term, and a category's count. */
  productCount: (n: number) => `${n} ${n === 1 ? 'product' : 'products'}`,
  searchingFor: (term: string) => `Searching for '${term}'...`,
  /** A search that found nothing as typed, answered for its corrected words (docs/shop-rules.md#search). */
  showingResultsFor: (term: string) => `Showing results for '${term}'`,
  searchInsteadFor: (term: string) => `Search instead for '${term}'`,
  /** A search on a category page looks in that category only, and says so (docs/shop-rules.md#search). */
  searchingInCategory: (category: string) => `Searching in ${category} only.`,
  searchAllProductsFor: (term: string) => `Search all products for '${term}'`,
  /** The navbar's suggestions while typing. */
  suggestionsLabel: 'Suggestions',
  suggestedCategory: (name: string) => `Category: ${name}`,
  emptyCart: 'Your cart is empty',
  noOrders: 'You have no orders yet.',
  loadingCart: 'Loading cart…',
  noOrdersFound: 'No orders found',
  noPaymentsFound: 'No payments found',

  // Validation (docs/shop-rules.md#validation)
  checkoutCustomerRequired: 'Please fill in your name, email, and phone number.',
  checkoutAddressIncomplete: 'Please complete the full shipping address.',
  onlyNInStock: (n: number) => `Only ${n} items in stock.`,
  /** The cart's clamp to the live stock (docs/shop-rules.md#cart), in the singular for one item. */
  /** Order quantities (docs/shop-rules.md#business-prices): typed, at least the minimum, whole packs. */
  quantityNotWhole: (label: string) => `Please type a whole quantity of "${label}".`,
  belowMinimumOrder: (n: number, label: string) => `"${label}" is sold from ${n} units up.`,
  notWholePacks: (n: number, label: string) => `"${label}" is sold in packs of ${n}: please order a multiple of ${n}.`,
  /** The product page's quantity breaks table. */
  quantityBreaksCaption: 'Prices by quantity',
  listPriceLabel: 'List price',
  cartOnlyNInStock: (n: number) => `Only ${n} ${n === 1 ? 'item' : 'items'} in stock.`,
  loginToFavorite: 'Please login to add favorites.',
  loginToAddToCart: 'Please login to add items to cart.',
  productOutOfStock: 'This product is out of stock.',

  // Product modal
  addSaving: 'Saving...',
  addLoginToBuy: 'Login to Buy',
  addUnavailable: 'Unavailable',
  addToCart: 'Add to Cart',
  itemAdded: 'Item added to cart!',
  cartUpdateFailed: 'Failed to update cart.',
  hurryOnlyNLeft: (n: number) => `Hurry! Only ${n} left!`,
  outOfStock: 'Out of Stock',
  inStock: 'In Stock',
  loadingProduct: 'Loading product…',
  productLoadFailed: 'Failed to load the product. Please try again.',
  /** Under every price the buyer sees: prices include GST (docs/decisions/0009-gst-tax-computation.md). */
  inclusiveOfTaxes: 'Inclusive of all taxes',
  /** Beside an MRP struck through, and the discount off it (docs/shop-rules.md#mrp). */
  mrp: 'MRP',
  percentOff: (n: number) => `${n}% off`,
  productDetails: 'Product details',

  // Auth and profile
  loggingIn: 'Logging in...',
  loginFailed: 'Login failed. Try again!',
  signupFailed: 'Something went wrong. Try again!',
  signupSucceeded: 'Registration successful! Please log in.',
  /** Signup logs the new buyer in (docs/shop-rules.md#accounts). */
  signupWelcome: 'Registration successful! Welcome to PumpKart.',
  /** The forgot-password and reset-password pages (docs/shop-rules.md#password-reset). */
  forgotPasswordFailed: 'The reset link could not be sent. Please try again.',
  resetPasswordFailed: 'Your password could not be changed. Please try again.',
  passwordsDoNotMatch: 'The passwords do not match.',
  profileUpdated: 'Profile updated successfully!',
  profileUpdateFailed: 'Update failed',
  profileUpdating: 'Updating...',
  /** The buyer's optional business details, for a tax invoice in the business's name (docs/shop-rules.md#accounts). */
  businessNameLabel: 'Business name (optional)',
  gstinLabel: 'GSTIN (optional)',
  gstinHint: 'Add it to get a GST invoice with your GSTIN for input tax credit.',

  // Checkout
  checkoutProcessing: 'Processing...',
  checkoutBackendError: 'Checkout failed (backend error)',
  checkoutNoResponse: 'No response from server. Please try again.',
  checkoutFailedWith: (message: string) => `Checkout failed: ${message}`,
  noValidItems: '⚠️ No valid items selected for checkout.',
  orderNotCreated: '⚠️ Order could not be created.',
  paymentScriptNotLoaded: '⚠️ Payment system is not loaded yet. Please wait a moment and try again.',
  checkoutFailed: '⚠️ Checkout failed. Please try again.',
  paymentSucceeded: '✅ Payment successful & order placed!',
  paymentVerificationFailed: '⚠️ Payment succeeded but verification failed!',
  paymentCancelled: '❌ Payment was cancelled.',
  paymentFailed: '❌ Payment failed, your cart is safe.',
  noPendingOrder: 'No pending order found',
  orderAfterPaymentFailed: 'Failed to create order after payment.',
  /** A COD order placed (the server's answer to POST /api/orders). */
  orderPlaced: 'Order placed successfully',
  /** After a failed or cancelled payment the order stays pending (docs/shop-rules.md#payments). */
  orderSavedUntil: (number: string, time: string) =>
    `Your order #${number} is saved. You can pay for it from My Orders until ${time}.`,
  orderSaved: (number: string) => `Your order #${number} is saved. You can pay for it from My Orders.`,
  tryAgain: 'Try again',
  payNow: 'Pay now',
  payBy: (time: string) => `Pay by ${time}`,
  cartLockedWhilePaying: 'Your cart is locked while the payment window is open.',
  cartLoadFailed: 'Failed to load cart. Please try again.',

  // Order confirmation (docs/shop-rules.md#orders)
  orderConfirmed: 'Thank you! Your order is placed.',
  orderAwaitingPayment: 'Your order is saved and awaiting payment.',
  orderWasCancelled: 'This order was cancelled.',
  orderNotFound: 'Order not found.',
  orderLoadFailed: 'Failed to load the order. Please try again.',
  loadingOrder: 'Loading your order…',
  expectedBy: (date: string) => `Expected by ${date}`,

  // My Orders
  ordersLoadFailed: 'Failed to load orders. Please try again.',
  cancelOrderFailed: 'Failed to cancel order. Please try again.',
  orderCancelled: 'Order cancelled successfully',
  loadingOrders: 'Loading orders…',
  awaitingPayment: 'Awaiting payment',
  downloadInvoice: 'Download invoice',
  downloadCreditNote: 'Download credit note',
  downloadingDocument: 'Downloading…',
  invoiceDownloadFailed: 'The invoice could not be downloaded. Please try again.',
  creditNoteDownloadFailed: 'The credit note could not be downloaded. Please try again.',
  /** Shipment tracking on My Orders and the confirmation page (docs/shop-rules.md#order-status). */
  shippedWith: (courier: string, trackingNumber: string) => `Shipped with ${courier} · Tracking ${trackingNumber}`,
  trackShipment: 'Track shipment',
  deliveredOn: (date: string) => `Delivered on ${date}`,

  // Admin
  statsFailed: 'Failed to fetch stats',
  statusUpdateFailed: 'Failed to update status',
  /** The admin's shipment form, shown before an order is set to shipped (docs/shop-rules.md#order-status). */
  shipmentFormTitle: (orderId: string) => `Ship order #${orderId}`,
  shipmentFormSubmit: 'Mark as shipped',
  /** The shipping papers of an invoiced order (docs/shop-rules.md#e-way-bills). */
  transporterCopy: "Transporter's copy",
  transporterCopyFailed: "The transporter's copy could not be downloaded. Please try again.",
  ewayBillJson: 'E-way bill JSON',
  ewayBillJsonFailed: 'The e-way bill file could not be downloaded. Please try again.',
  ewayBillFormHint:
    'Above ₹50,000 the goods move under an e-way bill (CGST Rule 138): upload the E-way bill JSON at ' +
    'ewaybillgst.gov.in and enter the number it gives, with the vehicle number or the transporter ID.',
  ewayBillOrReason: 'Enter the e-way bill number, or say why this consignment goes without one.',
  codUpdateFailed: 'COD update failed',
  paymentsLoadFailed: 'Failed to load payments. Please try again.',
  confirmDeleteProduct: 'Are you sure you want to permanently delete this product?',
  productDeleted: 'Product deleted permanently.',
  productDeleteFailed: 'Failed to delete product. Please try again.',
  /** The admin's confirmation before cancelling an order (docs/shop-rules.md#cancellation). */
  adminCancelOrderQuestion: (orderId: string) => `Cancel order #${orderId}?`,
  /** Added to the question when the order's online payment succeeded: it is refunded (docs/shop-rules.md#refunds). */
  adminCancelRefundNote: (amount: string) => `The buyer's payment of ${amount} will be refunded.`,
  /** Under the product form's category field when the typed category is not an existing one. */
  newCategoryHint: (name: string) => `New category: ${name} — it will be created.`,
  /** The admin's Settings page: the store's business details (docs/shop-rules.md#store-settings). */
  storeSettingsLoadFailed: "The store's business details could not be loaded. Please try again.",
  storeSettingsSaveFailed: "The store's business details could not be saved. Please try again.",
  storeSettingsFixFields: 'Please correct the fields marked below.',
  /** The admin's GST report page (docs/shop-rules.md#gst-report). */
  gstReportLoadFailed: 'The GST report could not be loaded. Please try again.',
  gstReportDownloadFailed: 'The file could not be downloaded. Please try again.',
  /** The admin's Export CSV of the orders (docs/shop-rules.md#orders-csv). */
  exportCsv: 'Export CSV',
  preparingFile: 'Preparing…',
  ordersExportFailed: 'The orders file could not be prepared. Please try again.',

  // HTTP clients
  noResponseFromServer: 'No response from server',
} as const;

/** Messages the server answers with (docs/shop-rules.md quotes each where its rule is). */
export const SERVER_MESSAGES = {
  invalidCredentials: 'Invalid email or password',
  loginFieldsRequired: 'Email and password are required.',
  /** Registration's answer, the same for a new e-mail and one that already has an account (docs/shop-rules.md#accounts). */
  registered: 'Registration successful',
  emailTaken: 'An account with this email already exists.',
  authRequired: 'Please log in to continue.',
  sessionExpired: 'Your session has expired. Please log in again.',
  /** 403 of the back office's areas (docs/shop-rules.md#staff): the owner's, the orders staff's, the catalog staff's. */
  adminOnly: 'Only an admin can do this.',
  ordersAreaOnly: 'Only an admin or orders staff can do this.',
  catalogAreaOnly: 'Only an admin or catalog staff can do this.',
  currentPasswordRequired: 'Enter your current password to change your e-mail or password.',
  currentPasswordWrong: 'Your current password is not correct.',
  /** Password reset (docs/shop-rules.md#password-reset): the same answer whether or not the account exists. */
  passwordResetRequested:
    'If an account exists for that e-mail, we have sent a link to reset its password. The link works for 30 minutes.',
  passwordResetLinkInvalid: 'This password reset link is invalid or has expired. Please ask for a new one.',
  passwordResetDone: 'Your password has been changed. Please log in with your new password.',
  pricesChanged: 'Prices have changed. Please review your cart.',
  codDisabled: 'Cash on delivery is not available.',
  /**
   * An order holding more units of one product than the store's limit for unpaid orders (docs/shop-rules.md#orders):
   * the buyer is pointed to the shop, by its contact details when the owner entered them.
   */
  unitLimit: (limit: number, title: string, contact: { email: string; phone: string } | undefined) =>
    `You can order at most ${limit} of "${title}" at a time. For a larger quantity, please ask the shop` +
    (contact ? `: ${contact.email} or ${contact.phone}.` : '.'),
  /** The delivery state names no Indian state, so no place of supply (docs/shop-rules.md#orders). */
  deliveryStateUnknown: 'Please choose a valid Indian state for the delivery address.',
  businessNameTooLong: 'Business name must be at most 200 characters.',
  /** Tax invoices and credit notes (docs/shop-rules.md#invoices). */
  invoiceNotIssued: 'No invoice has been issued for this order yet.',
  creditNoteNotIssued: 'No credit note has been issued for this order.',
  documentNotFound: 'No such tax document for this order.',
  /** The reason a credit note gives for a cancelled order. */
  creditNoteReasonCancelled: 'Order cancelled',
  /** PUT /api/orders/{id}/status with `shipped` but no courier or tracking number (docs/shop-rules.md#order-status). */
  shipmentRequired: 'Enter the courier and the tracking number to mark the order shipped.',
  courierInvalid: 'Courier must be 1 to 100 characters.',
  trackingNumberInvalid: 'Tracking number must be 1 to 100 letters, digits, spaces, hyphens or slashes.',
  trackingUrlInvalid: 'Tracking URL must be an http or https address of at most 500 characters.',
  /** The e-way bill given with `shipped` (CGST Rule 138, docs/shop-rules.md#e-way-bills). */
  ewayBillNumberInvalid: 'The e-way bill number has 12 digits.',
  vehicleNumberInvalid: 'The vehicle number is 6 to 15 letters and digits, such as MH12AB1234.',
  transporterIdInvalid: "The transporter ID is the transporter's 15-character GSTIN or TRANSIN.",
  ewayBillTransportRequired: 'With an e-way bill number, enter the vehicle number or the transporter ID.',
  ewayBillReasonTooLong: 'The reason for shipping without an e-way bill must be text of at most 500 characters.',
  ewayBillRequired: (value: string) =>
    `This consignment is worth ${value}, above ₹50,000: enter its e-way bill number (CGST Rule 138), or say why it ` +
    'goes without one.',
  /** An admin's move of a shipped or delivered order back to an earlier status (docs/shop-rules.md#order-status). */
  moveBackReasonRequired: (from: string, to: string) =>
    `Moving an order back from ${from} to ${to} needs a reason: say why (it is kept in the order's history).`,
  moveBackReasonTooLong: 'The reason must be text of at most 500 characters.',
  /** GET /api/admin/gst-report (docs/shop-rules.md#gst-report). */
  gstReportMonth: 'Choose the month as YYYY-MM, e.g. 2026-11.',
  gstReportFormat: 'The format must be json, csv or gstr1-json.',
  gstReportGstin: 'The GSTIN must be 15 characters, such as 27AAHCP4821K1Z6.',
  gstReportNoGstin: "There is no GSTIN to report: enter the store's business details on the Settings page first.",
  gstReportTable: 'Choose the table of the CSV file: b2b, b2cl, b2cs, cdnr, cdnur, hsn, hsn-b2b, hsn-b2c or docs.',
  /** The admin's E-mails page: /api/admin/emails (docs/shop-rules.md#emails). */
  emailNotFound: 'E-mail not found.',
  emailRetryQueued: 'The e-mail will be sent again in a moment.',
  emailAlreadySent: 'This e-mail has already been sent.',
  emailStillPending: 'This e-mail is still waiting to be sent.',
  tooManyRequests: 'Too many attempts. Please wait a minute and try again.',
  notFound: 'Not found',
  /** GET /api/products/{id} of an unknown or inactive product (docs/shop-rules.md#catalog). */
  productNotFound: 'Product not found.',
  internalError: 'Something went wrong on our side. Please try again.',
} as const;

/**
 * The store's business details and the tax data of products (docs/shop-rules.md#store-settings,
 * docs/shop-rules.md#tax-data): what the settings form, the product form and the server's 400 say.
 * Each message names its field, so the server quotes it as it is.
 */
export const TAX_DATA_MESSAGES = {
  // Store settings
  storeSettingsMissing: "The store's business details have not been entered yet.",
  storeSettingsSaved: "The store's business details are saved.",
  legalNameRequired: 'Enter the legal name, as on the GST registration.',
  tradeNameRequired: 'Enter the trade name that buyers know the shop by.',
  panRequired: 'Enter the PAN.',
  panFormat: 'A PAN has 10 characters: 5 letters, 4 digits and a letter.',
  panMismatch: (expected: string) => `The PAN must be characters 3 to 12 of the GSTIN: ${expected}.`,
  line1Required: 'Enter address line 1 of the registered address.',
  cityRequired: 'Enter the city of the registered address.',
  stateRequired: 'Enter the state of the registered address.',
  stateUnknown: (text: string) => `"${text}" is not a state or union territory of India.`,
  stateMismatch: (gstinState: string, code: string) =>
    `The state of the registered address must be ${gstinState}, the state of the GSTIN (code ${code}).`,
  invoicePrefixFormat: 'The invoice prefix is 1 to 3 letters or digits, such as PK (PK/26-27/000123).',
  invoicePrefixIsCreditNotes: 'The invoice prefix CN is kept for credit notes; choose another one.',
  invoicePrefixIsDebitNotes: 'The invoice prefix DN is kept for debit notes; choose another one.',
  authorisedSignatoryRequired: "Enter the authorised signatory's name.",
  grievanceOfficerNameRequired: "Enter the grievance officer's name.",
  grievanceOfficerDesignationRequired: "Enter the grievance officer's designation.",
  /** `label` as the form shows the field, e.g. 'Legal name'. */
  tooLong: (label: string, max: number) => `${label} must be at most ${max} characters.`,

  // Tax data of a product
  hsnCodeFormat: 'HSN code must be 4, 6 or 8 digits.',
  gstRateInvalid: 'GST rate must be one of 0, 0.25, 3, 5, 12, 18, 28 or 40 %.',
} as const;
