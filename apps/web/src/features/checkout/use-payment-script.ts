/**
 * The payment script loader is shared by the checkout, My Orders and the order confirmation (each
 * can open the payment window), so it lives in components/payment/use-payment-script.ts.
 */
export { resetPaymentScriptState, usePaymentScript } from '../../components/payment/use-payment-script';
