CREATE TABLE "customer_totals" (
	"customer_id" uuid PRIMARY KEY NOT NULL,
	"orders" integer NOT NULL,
	"spent_paise" bigint NOT NULL,
	"owes_paise" bigint NOT NULL,
	"last_order_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "users_customer_search_trgm_idx" ON "users" USING gin (lower("name" || chr(10) || "email" || chr(10) || "phone" || chr(10) || coalesce("gstin", '') || chr(10) || coalesce("business_name", '')) gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "users_customer_created_idx" ON "users" USING btree ("created_at","id") WHERE "users"."role" = 'customer';--> statement-breakpoint
CREATE INDEX "users_customer_name_idx" ON "users" USING btree (lower("name"),"id") WHERE "users"."role" = 'customer';--> statement-breakpoint
CREATE INDEX "businesses_search_trgm_idx" ON "businesses" USING gin (lower("legal_name" || chr(10) || coalesce("gstin", '')) gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "businesses_created_idx" ON "businesses" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "businesses_name_idx" ON "businesses" USING btree (lower("legal_name"),"id");--> statement-breakpoint
-- The Customers page's running totals (docs/shop-rules.md#customers-page): customer_totals holds each customer's
-- order figures, kept by the triggers below in the transaction of every change: a payment inserted or an order or
-- payment updated adds its difference (the states after, less the states before), so a write costs the same whatever
-- the buyer's history; a delete or a change to a business's people recounts those customers from their own orders
-- (statement triggers: a bulk load does each in one pass), and a TRUNCATE rebuilds the table.
-- What an order still owes (paise): a COD or bank-transfer order neither cancelled nor paid (nor refunded) owes its
-- total less what was received; an online order never owes.
CREATE FUNCTION "customer_owed_paise"(mode "payment_mode", status "order_status", paid "payment_status",
  total bigint, received bigint) RETURNS bigint LANGUAGE sql IMMUTABLE AS $$
  -- Compared as text: a fresh database adds 'bank' in the same transaction, before it may be used as a value.
  SELECT CASE WHEN mode::text IN ('cod', 'bank') AND status::text <> 'cancelled'
    AND paid::text NOT IN ('success', 'refunded')
    THEN total - received ELSE 0 END
$$;--> statement-breakpoint
-- Recomputes the figures of these customers (business or user ids) from their own orders, set-based: one statement
-- for a checkout's single customer or a bulk load's thousands. The rows are created and locked first (in id order),
-- so that two checkouts of one business are counted one after the other, the second seeing the first's order. A user
-- in a business keeps a row of zeros: their orders count toward the business.
CREATE FUNCTION "customer_totals_refresh"(customers uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "customer_totals" ("customer_id", "orders", "spent_paise", "owes_paise")
  SELECT DISTINCT c, 0, 0, 0 FROM unnest(customers) c WHERE c IS NOT NULL ORDER BY 1
  ON CONFLICT ("customer_id") DO NOTHING;
  PERFORM 1 FROM "customer_totals" WHERE "customer_id" = ANY (customers) ORDER BY "customer_id" FOR UPDATE;
  UPDATE "customer_totals" t SET "orders" = coalesce(f."orders", 0), "spent_paise" = coalesce(f."spent_paise", 0),
    "owes_paise" = coalesce(f."owes_paise", 0), "last_order_at" = f."last_order_at"
  FROM (SELECT DISTINCT c AS "id" FROM unnest(customers) c WHERE c IS NOT NULL) ids
  LEFT JOIN (
    SELECT b."customer_id", count(*)::int AS "orders",
      coalesce(sum(o."total_paise") FILTER (WHERE p."status" = 'success'), 0) AS "spent_paise",
      coalesce(sum("customer_owed_paise"(o."payment_mode", o."status", p."status", o."total_paise",
        o."received_paise")), 0) AS "owes_paise",
      max(o."created_at") AS "last_order_at"
    FROM (
      SELECT c AS "customer_id", c AS "user_id" FROM unnest(customers) c
      WHERE NOT EXISTS (SELECT 1 FROM "business_members" m WHERE m."user_id" = c)
      UNION
      SELECT m."business_id", m."user_id" FROM "business_members" m WHERE m."business_id" = ANY (customers)
    ) b
    JOIN "orders" o ON o."user_id" = b."user_id" JOIN "payments" p ON p."order_id" = o."id"
    GROUP BY 1
  ) f ON f."customer_id" = ids."id"
  WHERE t."customer_id" = ids."id";
END;
$$;--> statement-breakpoint
CREATE FUNCTION "customer_totals_rebuild"() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "customer_totals";
  INSERT INTO "customer_totals" ("customer_id", "orders", "spent_paise", "owes_paise", "last_order_at")
  SELECT coalesce(m."business_id", o."user_id"), count(*)::int,
    coalesce(sum(o."total_paise") FILTER (WHERE p."status" = 'success'), 0),
    coalesce(sum("customer_owed_paise"(o."payment_mode", o."status", p."status", o."total_paise",
      o."received_paise")), 0),
    max(o."created_at")
  FROM "orders" o JOIN "payments" p ON p."order_id" = o."id"
    LEFT JOIN "business_members" m ON m."user_id" = o."user_id"
  GROUP BY 1;
END;
$$;--> statement-breakpoint
-- The customers of these buyers: each buyer's business, or the buyer.
CREATE FUNCTION "customers_of"(buyers uuid[]) RETURNS uuid[] LANGUAGE sql STABLE AS $$
  SELECT array_agg(DISTINCT coalesce(m."business_id", b)) FROM unnest(buyers) b
    LEFT JOIN "business_members" m ON m."user_id" = b WHERE b IS NOT NULL
$$;--> statement-breakpoint
-- One order's state with its payment's, counted +1 (after a change) or -1 (before it): the running totals add the
-- difference of a change's states after and before.
CREATE TYPE "customer_total_change" AS ("user_id" uuid, "payment_mode" "payment_mode", "status" "order_status",
  "total_paise" bigint, "received_paise" bigint, "created_at" timestamp with time zone, "paid" "payment_status",
  "sign" integer);--> statement-breakpoint
-- Adds the changes to their customers' totals (each buyer's business, or the buyer), in customer order so that two
-- transactions lock the rows alike. A change that moves no figure (a shipment's details, say) writes nothing.
CREATE FUNCTION "customer_totals_add"(changes "customer_total_change"[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "customer_totals" AS t ("customer_id", "orders", "spent_paise", "owes_paise", "last_order_at")
  SELECT coalesce(m."business_id", s."user_id"), sum(s."sign")::int,
    sum(s."sign" * CASE WHEN s."paid"::text = 'success' THEN s."total_paise" ELSE 0 END),
    sum(s."sign" * "customer_owed_paise"(s."payment_mode", s."status", s."paid", s."total_paise", s."received_paise")),
    max(s."created_at") FILTER (WHERE s."sign" > 0)
  FROM unnest(changes) s
  LEFT JOIN "business_members" m ON m."user_id" = s."user_id"
  WHERE s."user_id" IS NOT NULL
  GROUP BY 1
  HAVING sum(s."sign") <> 0
    OR sum(s."sign" * CASE WHEN s."paid"::text = 'success' THEN s."total_paise" ELSE 0 END) <> 0
    OR sum(s."sign" * "customer_owed_paise"(s."payment_mode", s."status", s."paid", s."total_paise", s."received_paise")) <> 0
  ORDER BY 1
  ON CONFLICT ("customer_id") DO UPDATE SET "orders" = t."orders" + excluded."orders",
    "spent_paise" = t."spent_paise" + excluded."spent_paise", "owes_paise" = t."owes_paise" + excluded."owes_paise",
    "last_order_at" = greatest(t."last_order_at", excluded."last_order_at");
$$;--> statement-breakpoint
CREATE FUNCTION "customer_totals_orders_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    PERFORM "customer_totals_add"(ARRAY(
      SELECT ROW(o."user_id", o."payment_mode", o."status", o."total_paise", o."received_paise", o."created_at",
        p."status", 1)::"customer_total_change"
      FROM "new_rows" o JOIN "payments" p ON p."order_id" = o."id"
      UNION ALL
      SELECT ROW(o."user_id", o."payment_mode", o."status", o."total_paise", o."received_paise", o."created_at",
        p."status", -1)::"customer_total_change"
      FROM "old_rows" o JOIN "payments" p ON p."order_id" = o."id"));
  ELSE
    PERFORM "customer_totals_refresh"("customers_of"(ARRAY(SELECT "user_id" FROM "old_rows")));
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE FUNCTION "customer_totals_payments_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "customer_totals_add"(ARRAY(
      SELECT ROW(o."user_id", o."payment_mode", o."status", o."total_paise", o."received_paise", o."created_at",
        n."status", 1)::"customer_total_change"
      FROM "new_rows" n JOIN "orders" o ON o."id" = n."order_id"));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM "customer_totals_add"(ARRAY(
      SELECT ROW(o."user_id", o."payment_mode", o."status", o."total_paise", o."received_paise", o."created_at",
        n."status", 1)::"customer_total_change"
      FROM "new_rows" n JOIN "orders" o ON o."id" = n."order_id"
      UNION ALL
      SELECT ROW(o."user_id", o."payment_mode", o."status", o."total_paise", o."received_paise", o."created_at",
        n."status", -1)::"customer_total_change"
      FROM "old_rows" n JOIN "orders" o ON o."id" = n."order_id"));
  ELSE
    PERFORM "customer_totals_refresh"("customers_of"(ARRAY(SELECT o."user_id" FROM "old_rows" n
      JOIN "orders" o ON o."id" = n."order_id")));
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE FUNCTION "customer_totals_members_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "customer_totals_refresh"(ARRAY(SELECT "business_id" FROM "new_rows" UNION SELECT "user_id" FROM "new_rows"));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM "customer_totals_refresh"(ARRAY(SELECT "business_id" FROM "new_rows" UNION SELECT "user_id" FROM "new_rows"
      UNION SELECT "business_id" FROM "old_rows" UNION SELECT "user_id" FROM "old_rows"));
  ELSE
    PERFORM "customer_totals_refresh"(ARRAY(SELECT "business_id" FROM "old_rows" UNION SELECT "user_id" FROM "old_rows"));
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE FUNCTION "customer_totals_rebuild_after_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "customer_totals_rebuild"();
  RETURN NULL;
END;
$$;--> statement-breakpoint
-- An order counts once it has its payment (inserted after it): the payment's insert refreshes, not the order's. A
-- deleted order's payments go with it (cascade), so the order's delete refreshes.
CREATE TRIGGER "customer_totals_orders_updated" AFTER UPDATE ON "orders"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT
  EXECUTE FUNCTION "customer_totals_orders_changed"();--> statement-breakpoint
CREATE TRIGGER "customer_totals_orders_deleted" AFTER DELETE ON "orders"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "customer_totals_orders_changed"();--> statement-breakpoint
CREATE TRIGGER "customer_totals_payments_inserted" AFTER INSERT ON "payments"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "customer_totals_payments_changed"();--> statement-breakpoint
CREATE TRIGGER "customer_totals_payments_updated" AFTER UPDATE ON "payments"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT
  EXECUTE FUNCTION "customer_totals_payments_changed"();--> statement-breakpoint
CREATE TRIGGER "customer_totals_payments_deleted" AFTER DELETE ON "payments"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "customer_totals_payments_changed"();--> statement-breakpoint
CREATE TRIGGER "customer_totals_members_inserted" AFTER INSERT ON "business_members"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "customer_totals_members_changed"();--> statement-breakpoint
CREATE TRIGGER "customer_totals_members_updated" AFTER UPDATE ON "business_members"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT
  EXECUTE FUNCTION "customer_totals_members_changed"();--> statement-breakpoint
CREATE TRIGGER "customer_totals_members_deleted" AFTER DELETE ON "business_members"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "customer_totals_members_changed"();--> statement-breakpoint
CREATE TRIGGER "customer_totals_orders_truncated" AFTER TRUNCATE ON "orders"
  FOR EACH STATEMENT EXECUTE FUNCTION "customer_totals_rebuild_after_truncate"();--> statement-breakpoint
CREATE TRIGGER "customer_totals_payments_truncated" AFTER TRUNCATE ON "payments"
  FOR EACH STATEMENT EXECUTE FUNCTION "customer_totals_rebuild_after_truncate"();--> statement-breakpoint
CREATE TRIGGER "customer_totals_members_truncated" AFTER TRUNCATE ON "business_members"
  FOR EACH STATEMENT EXECUTE FUNCTION "customer_totals_rebuild_after_truncate"();--> statement-breakpoint
SELECT "customer_totals_rebuild"();
