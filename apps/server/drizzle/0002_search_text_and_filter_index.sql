DROP INDEX "products_title_trgm_idx";--> statement-breakpoint
DROP INDEX "products_description_trgm_idx";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(title || chr(10) || description)) STORED;--> statement-breakpoint
CREATE INDEX "products_active_price_stock_idx" ON "products" USING btree ("price_paise","stock","category") WHERE "products"."active";--> statement-breakpoint
CREATE INDEX "products_search_trgm_idx" ON "products" USING gin ("search_text" gin_trgm_ops);