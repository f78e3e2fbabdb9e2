ALTER TABLE "store_settings" ADD COLUMN "einvoice_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "tax_documents" ADD COLUMN "einvoice_status" text;--> statement-breakpoint
ALTER TABLE "tax_documents" ADD COLUMN "ack_no" text;--> statement-breakpoint
ALTER TABLE "tax_documents" ADD COLUMN "ack_date" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tax_documents" ADD COLUMN "einvoice_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tax_documents" ADD COLUMN "einvoice_next_attempt_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tax_documents" ADD COLUMN "einvoice_error" text;--> statement-breakpoint
ALTER TABLE "tax_documents" ADD COLUMN "irn_cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tax_documents" ADD COLUMN "irn_cancel_reason" text;--> statement-breakpoint
CREATE INDEX "tax_documents_einvoice_due_idx" ON "tax_documents" USING btree ("einvoice_next_attempt_at") WHERE "tax_documents"."einvoice_status" = 'pending';--> statement-breakpoint
ALTER TABLE "tax_documents" ADD CONSTRAINT "tax_documents_einvoice_status" CHECK ("tax_documents"."einvoice_status" is null or ("tax_documents"."einvoice_status" in ('pending', 'registered', 'cancelled') and "tax_documents"."buyer_gstin" is not null));--> statement-breakpoint
ALTER TABLE "tax_documents" ADD CONSTRAINT "tax_documents_einvoice_registered" CHECK ("tax_documents"."einvoice_status" = 'pending' or "tax_documents"."einvoice_status" is null or ("tax_documents"."irn" is not null and "tax_documents"."ack_no" is not null and "tax_documents"."signed_qr_code" is not null));