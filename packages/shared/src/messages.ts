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
  emptyCart: 'Your cart is empty',
  noOrders: 'You have no orders yet.',
  loadingCart: 'Loading cart…',
  noOrdersFound: 'No orders found',
  noPaymentsFound: 'No payments found',

  // Validation (docs/shop-rules.md#validation)
  checkoutCustomerRequired: 'Please fill in your name, email, and phone number.',
  checkoutAddressIncomplete: 'Please complete the full shipping address.',
  onlyNInStock: (n: number) => `Only ${n} items in stock.`,
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

  // Auth and profile
  loggingIn: 'Logging in...',
  loginFailed: 'Login failed. Try again!',
  signupFailed: 'Something went wrong. Try again!',
  signupSucceeded: 'Registration successful! Please log in.',
  profileUpdated: 'Profile updated successfully!',
  profileUpdateFailed: 'Update failed',
  profileUpdating: 'Updating...',

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

  // My Orders
  ordersLoadFailed: 'Failed to load orders. Please try again.',
  cancelOrderFailed: 'Failed to cancel order. Please try again.',
  orderCancelled: 'Order cancelled successfully',

  // Admin
  statsFailed: 'Failed to fetch stats',
  statusUpdateFailed: 'Failed to update status',
  codUpdateFailed: 'COD update failed',
  paymentsLoadFailed: 'Failed to load payments. Please try again.',
  confirmDeleteProduct: 'Are you sure you want to permanently delete this product?',
  productDeleted: 'Product deleted permanently.',
  productDeleteFailed: 'Failed to delete product. Please try again.',

  // HTTP clients
  noResponseFromServer: 'No response from server',
} as const;

/** Messages the server answers with (docs/shop-rules.md quotes each where its rule is). */
export const SERVER_MESSAGES = {
  invalidCredentials: 'Invalid email or password',
  loginFieldsRequired: 'Email and password are required.',
  emailTaken: 'An account with this email already exists.',
  authRequired: 'Please log in to continue.',
  sessionExpired: 'Your session has expired. Please log in again.',
  adminOnly: 'Only an admin can do this.',
  currentPasswordRequired: 'Enter your current password to change your e-mail or password.',
  currentPasswordWrong: 'Your current password is not correct.',
  pricesChanged: 'Prices have changed. Please review your cart.',
  codDisabled: 'Cash on delivery is not available.',
  tooManyRequests: 'Too many attempts. Please wait a minute and try again.',
  notFound: 'Not found',
  internalError: 'Something went wrong on our side. Please try again.',
} as const;
