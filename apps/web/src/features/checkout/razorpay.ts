/** The payment provider's browser API now lives with the shared payment code (components/payment/razorpay.ts). */
export type * from '../../components/payment/razorpay';
