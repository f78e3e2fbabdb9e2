CREATE TABLE "order_return_lines" (
	"return_id" uuid NOT NULL,
	"order_item_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	CONSTRAINT "order_return_lines_return_id_order_item_id_pk" PRIMARY KEY("return_id","order_item_id"),
	CONSTRAINT "order_return_lines_quantity_positive" CHECK ("order_return_lines"."quantity" >= 1)
);
--> statement-breakpoint
CREATE TABLE "order_returns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"reason" text NOT NULL,
	"photos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"refusal_reason" text,
	"restocked" boolean,
	"refund_paise" bigint,
	"delivery_share_paise" bigint,
	"refund_mode" text,
	"refund_id" text,
	"refund_error" text,
	"credit_note_id" uuid,
	"requested_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	"received_at" timestamp with time zone,
	"refunded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_returns_order_number_unique" UNIQUE("order_id","number"),
	CONSTRAINT "order_returns_status" CHECK ("order_returns"."status" in ('requested', 'approved', 'refused', 'received', 'refund_pending', 'refunded')),
	CONSTRAINT "order_returns_refund_mode" CHECK ("order_returns"."refund_mode" is null or "order_returns"."refund_mode" in ('online', 'cash')),
	CONSTRAINT "order_returns_refund_non_negative" CHECK ("order_returns"."refund_paise" is null or "order_returns"."refund_paise" >= 0)
);
--> statement-breakpoint
ALTER TABLE "tax_documents" DROP CONSTRAINT "tax_documents_order_kind_unique";--> statement-breakpoint
ALTER TABLE "document_sequences" DROP CONSTRAINT "document_sequences_series";--> statement-breakpoint
ALTER TABLE "tax_documents" DROP CONSTRAINT "tax_documents_kind";--> statement-breakpoint
ALTER TABLE "tax_documents" DROP CONSTRAINT "tax_documents_credit_note_reference";--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "return_window_days" integer DEFAULT 7 NOT NULL;--> statement-breakpoint
ALTER TABLE "tax_documents" ADD COLUMN "return_id" uuid;--> statement-breakpoint
ALTER TABLE "order_return_lines" ADD CONSTRAINT "order_return_lines_return_id_order_returns_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."order_returns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_return_lines" ADD CONSTRAINT "order_return_lines_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_returns" ADD CONSTRAINT "order_returns_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_return_lines_item_idx" ON "order_return_lines" USING btree ("order_item_id");--> statement-breakpoint
CREATE INDEX "order_returns_status_idx" ON "order_returns" USING btree ("status","requested_at");--> statement-breakpoint
ALTER TABLE "tax_documents" ADD CONSTRAINT "tax_documents_return_id_order_returns_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."order_returns"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tax_documents_order_invoice_unique" ON "tax_documents" USING btree ("order_id") WHERE "tax_documents"."kind" = 'invoice';--> statement-breakpoint
CREATE UNIQUE INDEX "tax_documents_order_cancellation_unique" ON "tax_documents" USING btree ("order_id") WHERE "tax_documents"."kind" = 'credit-note' and "tax_documents"."return_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "tax_documents_return_unique" ON "tax_documents" USING btree ("return_id") WHERE "tax_documents"."return_id" is not null;--> statement-breakpoint
CREATE INDEX "tax_documents_order_idx" ON "tax_documents" USING btree ("order_id");--> statement-breakpoint
ALTER TABLE "document_sequences" ADD CONSTRAINT "document_sequences_series" CHECK ("document_sequences"."series" in ('invoice', 'credit-note', 'debit-note'));--> statement-breakpoint
ALTER TABLE "store_settings" ADD CONSTRAINT "store_settings_return_window_days" CHECK ("store_settings"."return_window_days" between 0 and 90);--> statement-breakpoint
ALTER TABLE "tax_documents" ADD CONSTRAINT "tax_documents_return_credit_note" CHECK ("tax_documents"."return_id" is null or "tax_documents"."kind" = 'credit-note');--> statement-breakpoint
ALTER TABLE "tax_documents" ADD CONSTRAINT "tax_documents_kind" CHECK ("tax_documents"."kind" in ('invoice', 'credit-note', 'debit-note'));--> statement-breakpoint
ALTER TABLE "tax_documents" ADD CONSTRAINT "tax_documents_credit_note_reference" CHECK (("tax_documents"."kind" <> 'invoice') = ("tax_documents"."reference_id" is not null));