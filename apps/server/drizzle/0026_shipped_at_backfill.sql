-- shipped_at is when an order first left the shop (its first move to shipped or delivered) and is never cleared,
-- so a buyer cannot cancel an order that has shipped whatever its status becomes later (docs/shop-rules.md#order-status).
-- Orders that shipped before this rule without the time recorded (set delivered straight from processing, or moved
-- on before shipped_at existed) get the best time known: their delivery, else their last change.
UPDATE "orders" SET "shipped_at" = coalesce("delivered_at", "updated_at")
WHERE "shipped_at" IS NULL AND ("status" IN ('shipped', 'delivered') OR "delivered_at" IS NOT NULL OR "courier" IS NOT NULL);
