/** @pumpkart/shared: the rules and contracts that the server and the web app share (docs/architecture.md). */
export * from './money';
export * from './delivery';
export * from './status';
export * from './messages';
export * from './validation';
export * from './constants';
export * from './schemas/fields';
export * from './product';
export * from './cart';
export * from './schemas/common';
export * from './schemas/auth';
export * from './schemas/products';
export * from './schemas/cart';
export * from './schemas/orders';
export * from './schemas/payments';
export * from './schemas/stats';
export * from './schemas/pincode';
