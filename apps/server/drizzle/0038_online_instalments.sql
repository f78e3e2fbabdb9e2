ALTER TABLE "bank_transfers" DROP CONSTRAINT "bank_transfers_status_known";--> statement-breakpoint
ALTER TABLE "bank_transfers" ALTER COLUMN "utr" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "bank_transfers" ADD COLUMN "method" text DEFAULT 'transfer' NOT NULL;--> statement-breakpoint
ALTER TABLE "bank_transfers" ADD COLUMN "gateway_order_id" text;--> statement-breakpoint
ALTER TABLE "bank_transfers" ADD COLUMN "gateway_payment_id" text;--> statement-breakpoint
ALTER TABLE "bank_transfers" ADD COLUMN "refund_id" text;--> statement-breakpoint
CREATE UNIQUE INDEX "bank_transfers_gateway_order_unique" ON "bank_transfers" USING btree ("gateway_order_id");--> statement-breakpoint
ALTER TABLE "bank_transfers" ADD CONSTRAINT "bank_transfers_method_reference" CHECK (("bank_transfers"."method" = 'transfer' and "bank_transfers"."utr" is not null) or ("bank_transfers"."method" = 'razorpay' and "bank_transfers"."gateway_order_id" is not null));--> statement-breakpoint
ALTER TABLE "bank_transfers" ADD CONSTRAINT "bank_transfers_status_known" CHECK ("bank_transfers"."status" in ('opened', 'recorded', 'confirmed', 'rejected', 'returned'));