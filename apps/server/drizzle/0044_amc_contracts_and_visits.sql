CREATE TABLE "amc_contracts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"outlet_id" uuid,
	"product_id" uuid,
	"order_id" uuid,
	"order_item_id" uuid,
	"title" text NOT NULL,
	"quantity" integer NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"visits_per_year" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "amc_contracts_order_item_unique" UNIQUE("order_item_id"),
	CONSTRAINT "amc_contracts_days_in_order" CHECK ("amc_contracts"."ends_on" >= "amc_contracts"."starts_on")
);
--> statement-breakpoint
CREATE TABLE "amc_visits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"contract_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"due_on" date NOT NULL,
	"done_on" date,
	"done_by" uuid,
	"note" text DEFAULT '' NOT NULL,
	"done_at" timestamp with time zone,
	CONSTRAINT "amc_visits_contract_number_unique" UNIQUE("contract_id","number")
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "amc_visits_per_year" integer DEFAULT 4 NOT NULL;--> statement-breakpoint
ALTER TABLE "amc_contracts" ADD CONSTRAINT "amc_contracts_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "amc_contracts" ADD CONSTRAINT "amc_contracts_outlet_id_business_outlets_id_fk" FOREIGN KEY ("outlet_id") REFERENCES "public"."business_outlets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "amc_contracts" ADD CONSTRAINT "amc_contracts_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "amc_contracts" ADD CONSTRAINT "amc_contracts_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "amc_contracts" ADD CONSTRAINT "amc_contracts_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "amc_visits" ADD CONSTRAINT "amc_visits_contract_id_amc_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."amc_contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "amc_visits" ADD CONSTRAINT "amc_visits_done_by_users_id_fk" FOREIGN KEY ("done_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "amc_contracts_outlet_idx" ON "amc_contracts" USING btree ("outlet_id");--> statement-breakpoint
CREATE INDEX "amc_visits_open_due_idx" ON "amc_visits" USING btree ("due_on") WHERE "amc_visits"."done_on" is null;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_amc_visits_per_year_known" CHECK ("products"."amc_visits_per_year" in (1, 2, 3, 4, 6, 12));