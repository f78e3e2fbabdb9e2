CREATE TABLE "dashboard_deltas" (
	"metric" text NOT NULL,
	"key" text NOT NULL,
	"value" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dashboard_totals" (
	"metric" text NOT NULL,
	"key" text NOT NULL,
	"value" bigint NOT NULL,
	CONSTRAINT "dashboard_totals_metric_key_pk" PRIMARY KEY("metric","key")
);
--> statement-breakpoint
CREATE INDEX "dashboard_totals_value_idx" ON "dashboard_totals" USING btree ("metric","value" DESC NULLS LAST);--> statement-breakpoint
-- The dashboard's running totals (docs/shop-rules.md#dashboard, docs/decisions/0011-admin-lists-at-size.md).
-- Keys: a calendar month in UTC ('2026-05'), an order status, or for the units sold the product
-- ('product:<id>') or, once the product is deleted permanently, the line's copied title ('title:<title>');
-- the active products have one key, 'all'.
CREATE FUNCTION "dashboard_month"("at" timestamptz) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT to_char("at" AT TIME ZONE 'UTC', 'YYYY-MM')
$$;--> statement-breakpoint
CREATE FUNCTION "dashboard_units_key"("product_id" uuid, "title" text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce('product:' || "product_id"::text, 'title:' || "title")
$$;--> statement-breakpoint
-- Every figure computed from the orders, their lines, payments and products as they are: the backfill below, the
-- rebuild after a TRUNCATE, and the tests that compare it with the running totals.
CREATE VIEW "dashboard_from_scratch" ("metric", "key", "value") AS
  SELECT 'orders_by_status', "status"::text, count(*)::bigint FROM "orders" GROUP BY "status"
  UNION ALL
  SELECT 'orders_by_month', "dashboard_month"("created_at"), count(*)::bigint FROM "orders" GROUP BY 2
  UNION ALL
  SELECT 'revenue_by_month', "dashboard_month"(coalesce("paid_at", "created_at")), sum("amount_paise")::bigint
  FROM "payments" WHERE "status" = 'success' GROUP BY 2
  UNION ALL
  SELECT 'units_sold', "dashboard_units_key"(i."product_id", i."title"), sum(i."quantity")::bigint
  FROM "order_items" i JOIN "orders" o ON o."id" = i."order_id" WHERE o."status" <> 'cancelled' GROUP BY 2
  UNION ALL
  SELECT 'active_products', 'all', count(*)::bigint FROM "products" WHERE "active";--> statement-breakpoint
CREATE FUNCTION "dashboard_rebuild"() RETURNS void LANGUAGE sql AS $$
  DELETE FROM "dashboard_deltas";
  DELETE FROM "dashboard_totals";
  INSERT INTO "dashboard_totals" ("metric", "key", "value") SELECT "metric", "key", "value" FROM "dashboard_from_scratch";
$$;--> statement-breakpoint
-- Orders: one per status and per month placed; the units of their lines leave the total when the order
-- is cancelled and come back if it stops being cancelled.
CREATE FUNCTION "dashboard_orders_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "dashboard_deltas" ("metric", "key", "value")
  SELECT 'orders_by_status', "status"::text, count(*) FROM "new_rows" GROUP BY "status"
  UNION ALL
  SELECT 'orders_by_month', "dashboard_month"("created_at"), count(*) FROM "new_rows" GROUP BY 2;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE FUNCTION "dashboard_orders_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "dashboard_deltas" ("metric", "key", "value")
  SELECT "metric", "key", sum("value") FROM (
    SELECT 'orders_by_status' AS "metric", "status"::text AS "key", -1 AS "value" FROM "old_rows"
    UNION ALL SELECT 'orders_by_status', "status"::text, 1 FROM "new_rows"
    UNION ALL SELECT 'orders_by_month', "dashboard_month"("created_at"), -1 FROM "old_rows"
    UNION ALL SELECT 'orders_by_month', "dashboard_month"("created_at"), 1 FROM "new_rows"
  ) AS "moves"
  GROUP BY "metric", "key" HAVING sum("value") <> 0;
  INSERT INTO "dashboard_deltas" ("metric", "key", "value")
  SELECT 'units_sold', "dashboard_units_key"(i."product_id", i."title"),
         sum(CASE WHEN n."status" = 'cancelled' THEN -i."quantity" ELSE i."quantity" END)
  FROM "old_rows" o
  JOIN "new_rows" n ON n."id" = o."id"
  JOIN "order_items" i ON i."order_id" = n."id"
  WHERE (o."status" = 'cancelled') <> (n."status" = 'cancelled')
  GROUP BY 2 HAVING sum(CASE WHEN n."status" = 'cancelled' THEN -i."quantity" ELSE i."quantity" END) <> 0;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE FUNCTION "dashboard_orders_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "dashboard_deltas" ("metric", "key", "value")
  SELECT 'orders_by_status', "status"::text, -count(*) FROM "old_rows" GROUP BY "status"
  UNION ALL
  SELECT 'orders_by_month', "dashboard_month"("created_at"), -count(*) FROM "old_rows" GROUP BY 2;
  RETURN NULL;
END;
$$;--> statement-breakpoint
-- Before the delete, while its lines are still there (their cascade runs before any AFTER trigger of ours);
-- the lines' own trigger then finds no order and leaves them to this one.
CREATE FUNCTION "dashboard_order_deleting"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD."status" <> 'cancelled' THEN
    INSERT INTO "dashboard_deltas" ("metric", "key", "value")
    SELECT 'units_sold', "dashboard_units_key"("product_id", "title"), -sum("quantity")
    FROM "order_items" WHERE "order_id" = OLD."id" GROUP BY 2;
  END IF;
  RETURN OLD;
END;
$$;--> statement-breakpoint
-- Order lines: their units count while their order is not cancelled. A permanent product delete sets their
-- product to null, which moves the units from the product's key to the title's.
CREATE FUNCTION "dashboard_order_items_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "dashboard_deltas" ("metric", "key", "value")
    SELECT 'units_sold', "dashboard_units_key"(n."product_id", n."title"), sum(n."quantity")
    FROM "new_rows" n JOIN "orders" o ON o."id" = n."order_id" AND o."status" <> 'cancelled'
    GROUP BY 2;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "dashboard_deltas" ("metric", "key", "value")
    SELECT 'units_sold', "dashboard_units_key"(d."product_id", d."title"), -sum(d."quantity")
    FROM "old_rows" d JOIN "orders" o ON o."id" = d."order_id" AND o."status" <> 'cancelled'
    GROUP BY 2;
  ELSE
    INSERT INTO "dashboard_deltas" ("metric", "key", "value")
    SELECT 'units_sold', m."key", sum(m."value") FROM (
      SELECT "dashboard_units_key"("product_id", "title") AS "key", "quantity"::bigint AS "value", "order_id"
      FROM "new_rows"
      UNION ALL
      SELECT "dashboard_units_key"("product_id", "title"), -"quantity"::bigint, "order_id" FROM "old_rows"
    ) AS m
    JOIN "orders" o ON o."id" = m."order_id" AND o."status" <> 'cancelled'
    GROUP BY m."key" HAVING sum(m."value") <> 0;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
-- Payments: revenue while the status is 'success', in the month of coalesce(paid_at, created_at).
CREATE FUNCTION "dashboard_payments_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "dashboard_deltas" ("metric", "key", "value")
    SELECT 'revenue_by_month', "dashboard_month"(coalesce("paid_at", "created_at")), sum("amount_paise")
    FROM "new_rows" WHERE "status" = 'success' GROUP BY 2;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "dashboard_deltas" ("metric", "key", "value")
    SELECT 'revenue_by_month', "dashboard_month"(coalesce("paid_at", "created_at")), -sum("amount_paise")
    FROM "old_rows" WHERE "status" = 'success' GROUP BY 2;
  ELSE
    INSERT INTO "dashboard_deltas" ("metric", "key", "value")
    SELECT 'revenue_by_month', m."key", sum(m."value") FROM (
      SELECT "dashboard_month"(coalesce("paid_at", "created_at")) AS "key", "amount_paise" AS "value"
      FROM "new_rows" WHERE "status" = 'success'
      UNION ALL
      SELECT "dashboard_month"(coalesce("paid_at", "created_at")), -"amount_paise" FROM "old_rows" WHERE "status" = 'success'
    ) AS m
    GROUP BY m."key" HAVING sum(m."value") <> 0;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
-- Products: the active ones. A checkout's stock update does not name `active`, so it fires nothing here.
CREATE FUNCTION "dashboard_products_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "dashboard_deltas" ("metric", "key", "value")
  SELECT 'active_products', 'all', count(*) FROM "new_rows" WHERE "active" HAVING count(*) > 0;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE FUNCTION "dashboard_products_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "dashboard_deltas" ("metric", "key", "value")
  SELECT 'active_products', 'all', -count(*) FROM "old_rows" WHERE "active" HAVING count(*) > 0;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE FUNCTION "dashboard_product_activity_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "dashboard_deltas" ("metric", "key", "value")
  VALUES ('active_products', 'all', CASE WHEN NEW."active" THEN 1 ELSE -1 END);
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE FUNCTION "dashboard_rebuild_after_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "dashboard_rebuild"();
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "dashboard_orders_inserted" AFTER INSERT ON "orders"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "dashboard_orders_inserted"();--> statement-breakpoint
CREATE TRIGGER "dashboard_orders_updated" AFTER UPDATE ON "orders"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "dashboard_orders_updated"();--> statement-breakpoint
CREATE TRIGGER "dashboard_orders_deleted" AFTER DELETE ON "orders"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "dashboard_orders_deleted"();--> statement-breakpoint
CREATE TRIGGER "dashboard_order_deleting" BEFORE DELETE ON "orders"
  FOR EACH ROW EXECUTE FUNCTION "dashboard_order_deleting"();--> statement-breakpoint
CREATE TRIGGER "dashboard_order_items_inserted" AFTER INSERT ON "order_items"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "dashboard_order_items_changed"();--> statement-breakpoint
CREATE TRIGGER "dashboard_order_items_updated" AFTER UPDATE ON "order_items"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "dashboard_order_items_changed"();--> statement-breakpoint
CREATE TRIGGER "dashboard_order_items_deleted" AFTER DELETE ON "order_items"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "dashboard_order_items_changed"();--> statement-breakpoint
CREATE TRIGGER "dashboard_payments_inserted" AFTER INSERT ON "payments"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "dashboard_payments_changed"();--> statement-breakpoint
CREATE TRIGGER "dashboard_payments_updated" AFTER UPDATE ON "payments"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "dashboard_payments_changed"();--> statement-breakpoint
CREATE TRIGGER "dashboard_payments_deleted" AFTER DELETE ON "payments"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "dashboard_payments_changed"();--> statement-breakpoint
CREATE TRIGGER "dashboard_orders_truncated" AFTER TRUNCATE ON "orders"
  FOR EACH STATEMENT EXECUTE FUNCTION "dashboard_rebuild_after_truncate"();--> statement-breakpoint
CREATE TRIGGER "dashboard_order_items_truncated" AFTER TRUNCATE ON "order_items"
  FOR EACH STATEMENT EXECUTE FUNCTION "dashboard_rebuild_after_truncate"();--> statement-breakpoint
CREATE TRIGGER "dashboard_payments_truncated" AFTER TRUNCATE ON "payments"
  FOR EACH STATEMENT EXECUTE FUNCTION "dashboard_rebuild_after_truncate"();--> statement-breakpoint
CREATE TRIGGER "dashboard_products_inserted" AFTER INSERT ON "products"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "dashboard_products_inserted"();--> statement-breakpoint
CREATE TRIGGER "dashboard_products_deleted" AFTER DELETE ON "products"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "dashboard_products_deleted"();--> statement-breakpoint
CREATE TRIGGER "dashboard_product_activity_changed" AFTER UPDATE OF "active" ON "products"
  FOR EACH ROW WHEN (OLD."active" IS DISTINCT FROM NEW."active") EXECUTE FUNCTION "dashboard_product_activity_changed"();--> statement-breakpoint
CREATE TRIGGER "dashboard_products_truncated" AFTER TRUNCATE ON "products"
  FOR EACH STATEMENT EXECUTE FUNCTION "dashboard_rebuild_after_truncate"();--> statement-breakpoint
-- The backfill: the figures of the shop as it is; then the planner's statistics of the filled table.
SELECT "dashboard_rebuild"();--> statement-breakpoint
ANALYZE "dashboard_totals";
