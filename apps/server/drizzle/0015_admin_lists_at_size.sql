DROP INDEX "orders_customer_name_trgm_idx";--> statement-breakpoint
DROP INDEX "orders_customer_email_trgm_idx";--> statement-breakpoint
DROP INDEX "orders_customer_phone_trgm_idx";--> statement-breakpoint
DROP INDEX "orders_created_idx";--> statement-breakpoint
DROP INDEX "products_low_stock_idx";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(customer_name || chr(10) || customer_email || chr(10) || customer_phone)) STORED;--> statement-breakpoint
CREATE INDEX "orders_status_mode_created_idx" ON "orders" USING btree ("status","payment_mode","created_at");--> statement-breakpoint
CREATE INDEX "orders_total_idx" ON "orders" USING btree ("total_paise","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_search_trgm_idx" ON "orders" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "payments_status_mode_created_idx" ON "payments" USING btree ("status","mode","created_at");--> statement-breakpoint
CREATE INDEX "payments_amount_idx" ON "payments" USING btree ("amount_paise","created_at","id");--> statement-breakpoint
CREATE INDEX "variants_stock_idx" ON "product_variants" USING btree ("stock","product_id");--> statement-breakpoint
CREATE INDEX "products_category_price_idx" ON "products" USING btree ("category","price_paise");--> statement-breakpoint
CREATE INDEX "products_alert_level_idx" ON "products" USING btree ("low_stock_threshold") WHERE "products"."active" and "products"."low_stock_threshold" > 0;--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "products_low_stock_idx" ON "products" USING btree ("stock","low_stock_threshold" DESC NULLS FIRST,"title" collate "C","id") WHERE "products"."active" and "products"."low_stock_threshold" > 0 and "products"."stock" <= "products"."low_stock_threshold";