CREATE TABLE "asset_task_records" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"asset_id" uuid NOT NULL,
	"task_key" text NOT NULL,
	"done_on" date NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"recorded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "assets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"outlet_id" uuid,
	"product_id" uuid,
	"order_id" uuid,
	"order_item_id" uuid,
	"unit_index" integer,
	"make" text DEFAULT '' NOT NULL,
	"model" text DEFAULT '' NOT NULL,
	"serial_number" text,
	"compliance_category" text NOT NULL,
	"extinguisher_type" text,
	"installed_on" date NOT NULL,
	"manufactured_on" date,
	"warranty_ends_on" date,
	"retired_on" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "assets_order_unit_unique" UNIQUE("order_item_id","unit_index"),
	CONSTRAINT "assets_compliance_category_known" CHECK ("assets"."compliance_category" in ('fire-extinguisher', 'fuel-dispenser', 'capacity-measure', 'peso-licence', 'air-gauge', 'density-meter')),
	CONSTRAINT "assets_extinguisher_type_known" CHECK ("assets"."extinguisher_type" is null or ("assets"."extinguisher_type" in ('water-stored-pressure', 'water-cartridge', 'foam-stored-pressure', 'foam-cartridge', 'dry-powder', 'co2', 'clean-agent') and "assets"."compliance_category" = 'fire-extinguisher'))
);
--> statement-breakpoint
ALTER TABLE "business_outlets" ADD COLUMN "peso_licence_number" text;--> statement-breakpoint
ALTER TABLE "business_outlets" ADD COLUMN "peso_licence_valid_until" date;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "compliance_category" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "extinguisher_type" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "warranty_months" integer;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "serial_numbers" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "asset_task_records" ADD CONSTRAINT "asset_task_records_asset_id_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."assets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_task_records" ADD CONSTRAINT "asset_task_records_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assets" ADD CONSTRAINT "assets_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assets" ADD CONSTRAINT "assets_outlet_id_business_outlets_id_fk" FOREIGN KEY ("outlet_id") REFERENCES "public"."business_outlets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assets" ADD CONSTRAINT "assets_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assets" ADD CONSTRAINT "assets_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assets" ADD CONSTRAINT "assets_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "asset_task_records_asset_idx" ON "asset_task_records" USING btree ("asset_id","task_key","done_on");--> statement-breakpoint
CREATE INDEX "assets_outlet_idx" ON "assets" USING btree ("outlet_id") WHERE "assets"."retired_on" is null;--> statement-breakpoint
CREATE INDEX "assets_business_idx" ON "assets" USING btree ("business_id");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_compliance_category_known" CHECK ("products"."compliance_category" in ('fire-extinguisher', 'fuel-dispenser', 'capacity-measure', 'peso-licence', 'air-gauge', 'density-meter'));--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_extinguisher_type_known" CHECK ("products"."extinguisher_type" is null or ("products"."extinguisher_type" in ('water-stored-pressure', 'water-cartridge', 'foam-stored-pressure', 'foam-cartridge', 'dry-powder', 'co2', 'clean-agent') and "products"."compliance_category" = 'fire-extinguisher'));--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_warranty_months_range" CHECK ("products"."warranty_months" between 0 and 600);