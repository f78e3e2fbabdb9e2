ALTER TABLE "order_items" ADD COLUMN "service_date" date;--> statement-breakpoint
ALTER TABLE "cart_items" ADD COLUMN "service_date" date;