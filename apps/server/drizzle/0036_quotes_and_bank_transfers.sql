ALTER TYPE "public"."payment_mode" ADD VALUE 'bank';--> statement-breakpoint
CREATE TABLE "bank_transfers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"utr" text NOT NULL,
	"amount_paise" bigint NOT NULL,
	"transferred_on" text NOT NULL,
	"status" text DEFAULT 'recorded' NOT NULL,
	"reject_reason" text,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bank_transfers_amount_positive" CHECK ("bank_transfers"."amount_paise" > 0),
	CONSTRAINT "bank_transfers_status_known" CHECK ("bank_transfers"."status" in ('recorded', 'confirmed', 'rejected', 'returned'))
);
--> statement-breakpoint
CREATE TABLE "quote_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"quote_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"product_id" uuid,
	"variant_id" uuid,
	"title" text NOT NULL,
	"size" text,
	"quantity" integer NOT NULL,
	CONSTRAINT "quote_lines_quantity_positive" CHECK ("quote_lines"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "quote_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"quote_id" uuid NOT NULL,
	"author_id" uuid,
	"author_name" text NOT NULL,
	"from_shop" boolean NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quote_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"quote_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"lines" jsonb NOT NULL,
	"shipping_paise" bigint NOT NULL,
	"valid_until" text NOT NULL,
	"advance_percent" integer NOT NULL,
	"terms_note" text DEFAULT '' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quote_versions_number_unique" UNIQUE("quote_id","version"),
	CONSTRAINT "quote_versions_advance" CHECK ("quote_versions"."advance_percent" between 1 and 100),
	CONSTRAINT "quote_versions_shipping" CHECK ("quote_versions"."shipping_paise" >= 0)
);
--> statement-breakpoint
CREATE TABLE "quotes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"business_id" uuid,
	"outlet_id" uuid,
	"status" text DEFAULT 'requested' NOT NULL,
	"customer_name" text NOT NULL,
	"customer_email" text NOT NULL,
	"customer_phone" text NOT NULL,
	"customer_business_name" text,
	"customer_gstin" text,
	"address" jsonb NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"accepted_version" integer,
	"order_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quotes_status" CHECK ("quotes"."status" in ('requested', 'quoted', 'accepted', 'declined', 'cancelled'))
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "price_on_request" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "bank_details" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "advance_percent" integer DEFAULT 100 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "received_paise" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "quote_id" uuid;--> statement-breakpoint
ALTER TABLE "bank_transfers" ADD CONSTRAINT "bank_transfers_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_lines" ADD CONSTRAINT "quote_lines_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_lines" ADD CONSTRAINT "quote_lines_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_lines" ADD CONSTRAINT "quote_lines_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_messages" ADD CONSTRAINT "quote_messages_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_messages" ADD CONSTRAINT "quote_messages_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_versions" ADD CONSTRAINT "quote_versions_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_versions" ADD CONSTRAINT "quote_versions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_outlet_id_business_outlets_id_fk" FOREIGN KEY ("outlet_id") REFERENCES "public"."business_outlets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bank_transfers_order_idx" ON "bank_transfers" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "bank_transfers_waiting_idx" ON "bank_transfers" USING btree ("created_at") WHERE "bank_transfers"."status" = 'recorded';--> statement-breakpoint
CREATE UNIQUE INDEX "bank_transfers_utr_unique" ON "bank_transfers" USING btree ("utr") WHERE "bank_transfers"."status" <> 'rejected';--> statement-breakpoint
CREATE INDEX "quote_lines_quote_idx" ON "quote_lines" USING btree ("quote_id","position");--> statement-breakpoint
CREATE INDEX "quote_messages_quote_idx" ON "quote_messages" USING btree ("quote_id","created_at");--> statement-breakpoint
CREATE INDEX "quotes_user_idx" ON "quotes" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "quotes_business_idx" ON "quotes" USING btree ("business_id","created_at");--> statement-breakpoint
CREATE INDEX "quotes_status_idx" ON "quotes" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "quotes_created_idx" ON "quotes" USING btree ("created_at","id");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_quote_unique" UNIQUE("quote_id");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_advance_percent_range" CHECK ("orders"."advance_percent" between 1 and 100);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_received_within_total" CHECK ("orders"."received_paise" between 0 and "orders"."total_paise");--> statement-breakpoint
-- The dashboard's revenue follows the money received (docs/shop-rules.md#bank-transfer): a bank-transfer order's
-- payment row is not counted; its confirmed transfers are, in the month they were confirmed. A confirmed transfer of
-- an order cancelled later becomes 'returned' and leaves the revenue. The mode is compared as text: the new enum
-- value cannot be used in the transaction that adds it.
CREATE OR REPLACE VIEW "dashboard_from_scratch" ("metric", "key", "value") AS
  SELECT 'orders_by_status', "status"::text, count(*)::bigint FROM "orders" GROUP BY "status"
  UNION ALL
  SELECT 'orders_by_month', "dashboard_month"("created_at"), count(*)::bigint FROM "orders" GROUP BY 2
  UNION ALL
  SELECT 'revenue_by_month', "key", sum("value")::bigint FROM (
    SELECT "dashboard_month"(coalesce("paid_at", "created_at")) AS "key", "amount_paise" AS "value"
    FROM "payments" WHERE "status" = 'success' AND "mode"::text <> 'bank'
    UNION ALL
    SELECT "dashboard_month"("decided_at"), "amount_paise" FROM "bank_transfers" WHERE "status" = 'confirmed'
  ) AS "received" GROUP BY "key"
  UNION ALL
  SELECT 'units_sold', "dashboard_units_key"(i."product_id", i."title"), sum(i."quantity")::bigint
  FROM "order_items" i JOIN "orders" o ON o."id" = i."order_id" WHERE o."status" <> 'cancelled' GROUP BY 2
  UNION ALL
  SELECT 'active_products', 'all', count(*)::bigint FROM "products" WHERE "active";--> statement-breakpoint
CREATE OR REPLACE FUNCTION "dashboard_payments_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "dashboard_deltas" ("metric", "key", "value")
    SELECT 'revenue_by_month', "dashboard_month"(coalesce("paid_at", "created_at")), sum("amount_paise")
    FROM "new_rows" WHERE "status" = 'success' AND "mode"::text <> 'bank' GROUP BY 2;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "dashboard_deltas" ("metric", "key", "value")
    SELECT 'revenue_by_month', "dashboard_month"(coalesce("paid_at", "created_at")), -sum("amount_paise")
    FROM "old_rows" WHERE "status" = 'success' AND "mode"::text <> 'bank' GROUP BY 2;
  ELSE
    INSERT INTO "dashboard_deltas" ("metric", "key", "value")
    SELECT 'revenue_by_month', m."key", sum(m."value") FROM (
      SELECT "dashboard_month"(coalesce("paid_at", "created_at")) AS "key", "amount_paise" AS "value"
      FROM "new_rows" WHERE "status" = 'success' AND "mode"::text <> 'bank'
      UNION ALL
      SELECT "dashboard_month"(coalesce("paid_at", "created_at")), -"amount_paise" FROM "old_rows"
      WHERE "status" = 'success' AND "mode"::text <> 'bank'
    ) AS m
    GROUP BY m."key" HAVING sum(m."value") <> 0;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE FUNCTION "dashboard_bank_transfers_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "dashboard_deltas" ("metric", "key", "value")
    SELECT 'revenue_by_month', "dashboard_month"("decided_at"), sum("amount_paise")
    FROM "new_rows" WHERE "status" = 'confirmed' GROUP BY 2;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "dashboard_deltas" ("metric", "key", "value")
    SELECT 'revenue_by_month', "dashboard_month"("decided_at"), -sum("amount_paise")
    FROM "old_rows" WHERE "status" = 'confirmed' GROUP BY 2;
  ELSE
    INSERT INTO "dashboard_deltas" ("metric", "key", "value")
    SELECT 'revenue_by_month', m."key", sum(m."value") FROM (
      SELECT "dashboard_month"("decided_at") AS "key", "amount_paise" AS "value"
      FROM "new_rows" WHERE "status" = 'confirmed'
      UNION ALL
      SELECT "dashboard_month"("decided_at"), -"amount_paise" FROM "old_rows" WHERE "status" = 'confirmed'
    ) AS m
    GROUP BY m."key" HAVING sum(m."value") <> 0;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "dashboard_bank_transfers_inserted" AFTER INSERT ON "bank_transfers"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "dashboard_bank_transfers_changed"();--> statement-breakpoint
CREATE TRIGGER "dashboard_bank_transfers_updated" AFTER UPDATE ON "bank_transfers"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "dashboard_bank_transfers_changed"();--> statement-breakpoint
CREATE TRIGGER "dashboard_bank_transfers_deleted" AFTER DELETE ON "bank_transfers"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "dashboard_bank_transfers_changed"();--> statement-breakpoint
CREATE TRIGGER "dashboard_bank_transfers_truncated" AFTER TRUNCATE ON "bank_transfers"
  FOR EACH STATEMENT EXECUTE FUNCTION "dashboard_rebuild_after_truncate"();
