CREATE TABLE "document_sequences" (
	"series" text NOT NULL,
	"financial_year" text NOT NULL,
	"next_value" integer NOT NULL,
	CONSTRAINT "document_sequences_series_financial_year_pk" PRIMARY KEY("series","financial_year"),
	CONSTRAINT "document_sequences_series" CHECK ("document_sequences"."series" in ('invoice', 'credit-note')),
	CONSTRAINT "document_sequences_next_value_positive" CHECK ("document_sequences"."next_value" >= 1)
);
--> statement-breakpoint
CREATE TABLE "tax_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"order_id" uuid NOT NULL,
	"number" text NOT NULL,
	"financial_year" text NOT NULL,
	"sequence" integer NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"document" jsonb NOT NULL,
	"taxable_paise" bigint NOT NULL,
	"cgst_paise" bigint NOT NULL,
	"sgst_paise" bigint NOT NULL,
	"utgst_paise" bigint NOT NULL,
	"igst_paise" bigint NOT NULL,
	"total_paise" bigint NOT NULL,
	"buyer_gstin" text,
	"place_of_supply" text NOT NULL,
	"irn" text,
	"signed_qr_code" text,
	"reference_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tax_documents_number_unique" UNIQUE("number"),
	CONSTRAINT "tax_documents_order_kind_unique" UNIQUE("order_id","kind"),
	CONSTRAINT "tax_documents_series_unique" UNIQUE("kind","financial_year","sequence"),
	CONSTRAINT "tax_documents_kind" CHECK ("tax_documents"."kind" in ('invoice', 'credit-note')),
	CONSTRAINT "tax_documents_sequence_positive" CHECK ("tax_documents"."sequence" >= 1),
	CONSTRAINT "tax_documents_credit_note_reference" CHECK (("tax_documents"."kind" = 'credit-note') = ("tax_documents"."reference_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "hsn_code" text;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "gst_rate" numeric(5, 2);--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "certificates" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "customer_business_name" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "customer_gstin" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "business_name" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "gstin" text;--> statement-breakpoint
ALTER TABLE "tax_documents" ADD CONSTRAINT "tax_documents_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_documents" ADD CONSTRAINT "tax_documents_reference_id_tax_documents_id_fk" FOREIGN KEY ("reference_id") REFERENCES "public"."tax_documents"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tax_documents_issued_idx" ON "tax_documents" USING btree ("issued_at");--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_hsn_code_digits" CHECK ("order_items"."hsn_code" ~ '^[0-9]{4}([0-9]{2}){0,2}$');--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_gst_rate_known" CHECK ("order_items"."gst_rate" in (0, 0.25, 3, 5, 12, 18, 28, 40));