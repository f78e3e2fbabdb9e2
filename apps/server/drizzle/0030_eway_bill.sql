ALTER TABLE "orders" ADD COLUMN "eway_bill_number" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "vehicle_number" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "transporter_id" text;