CREATE TABLE "store_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"legal_name" text NOT NULL,
	"trade_name" text NOT NULL,
	"gstin" text NOT NULL,
	"pan" text NOT NULL,
	"address_line1" text NOT NULL,
	"address_line2" text DEFAULT '' NOT NULL,
	"city" text NOT NULL,
	"state" text NOT NULL,
	"postal_code" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"invoice_prefix" text NOT NULL,
	"authorised_signatory" text NOT NULL,
	"grievance_officer_name" text NOT NULL,
	"grievance_officer_designation" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "store_settings_one_row" CHECK ("store_settings"."id" = 1),
	CONSTRAINT "store_settings_gstin_format" CHECK ("store_settings"."gstin" ~ '^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$'),
	CONSTRAINT "store_settings_pan_in_gstin" CHECK ("store_settings"."pan" = substr("store_settings"."gstin", 3, 10)),
	CONSTRAINT "store_settings_invoice_prefix" CHECK ("store_settings"."invoice_prefix" ~ '^[A-Z0-9]{1,3}$' and "store_settings"."invoice_prefix" <> 'CN')
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "hsn_code" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "gst_rate" numeric(5, 2) DEFAULT 18 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "country_of_origin" text DEFAULT 'India' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "manufacturer" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "bis_licence" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "peso_approval" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "legal_metrology_approval" text;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_hsn_code_digits" CHECK ("products"."hsn_code" ~ '^[0-9]{4}([0-9]{2}){0,2}$');--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_gst_rate_known" CHECK ("products"."gst_rate" in (0, 0.25, 3, 5, 12, 18, 28, 40));