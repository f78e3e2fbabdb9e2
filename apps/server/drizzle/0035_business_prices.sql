CREATE TABLE "price_list_rules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"price_list_id" uuid NOT NULL,
	"category" text,
	"product_id" uuid,
	"variant_id" uuid,
	"percent_off" numeric(5, 2),
	"price_paise" bigint,
	CONSTRAINT "price_list_rules_one_target" CHECK (("price_list_rules"."category" is not null and "price_list_rules"."product_id" is null and "price_list_rules"."percent_off" > 0 and "price_list_rules"."percent_off" < 100 and "price_list_rules"."price_paise" is null)
        or ("price_list_rules"."category" is null and "price_list_rules"."product_id" is not null and "price_list_rules"."percent_off" is null and "price_list_rules"."price_paise" >= 0))
);
--> statement-breakpoint
CREATE TABLE "price_lists" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "price_list_id" uuid;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "min_order_qty" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "pack_size" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "quantity_breaks" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "price_list_rules" ADD CONSTRAINT "price_list_rules_price_list_id_price_lists_id_fk" FOREIGN KEY ("price_list_id") REFERENCES "public"."price_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_list_rules" ADD CONSTRAINT "price_list_rules_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_list_rules" ADD CONSTRAINT "price_list_rules_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "price_list_rules_list_idx" ON "price_list_rules" USING btree ("price_list_id");--> statement-breakpoint
ALTER TABLE "businesses" ADD CONSTRAINT "businesses_price_list_id_price_lists_id_fk" FOREIGN KEY ("price_list_id") REFERENCES "public"."price_lists"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_order_quantities_positive" CHECK ("products"."min_order_qty" >= 1 and "products"."pack_size" >= 1);