-- The hash of the body that placed an order with an Idempotency-Key: a retry with the key and another body is
-- refused (422) instead of answered with the first order (apps/server/src/modules/orders/service.ts).
ALTER TABLE "orders" ADD COLUMN "idempotency_body_hash" text;
