DROP INDEX "dashboard_totals_value_idx";--> statement-breakpoint
CREATE INDEX "products_category_stock_idx" ON "products" USING btree ("category","stock");--> statement-breakpoint
CREATE INDEX "dashboard_totals_value_idx" ON "dashboard_totals" USING btree ("metric","value" DESC NULLS LAST,"key");