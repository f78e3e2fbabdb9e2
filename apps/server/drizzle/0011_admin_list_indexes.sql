CREATE INDEX "audit_events_kind_idx" ON "audit_events" USING btree ("kind","at");--> statement-breakpoint
CREATE INDEX "orders_mode_created_idx" ON "orders" USING btree ("payment_mode","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_number_idx" ON "orders" USING btree (right("id"::text, 6));--> statement-breakpoint
CREATE INDEX "orders_customer_name_trgm_idx" ON "orders" USING gin ("customer_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_customer_email_trgm_idx" ON "orders" USING gin ("customer_email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_customer_phone_trgm_idx" ON "orders" USING gin ("customer_phone" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "payments_mode_created_idx" ON "payments" USING btree ("mode","created_at","id");--> statement-breakpoint
CREATE INDEX "payments_created_idx" ON "payments" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "payments_gateway_payment_idx" ON "payments" USING btree ("gateway_payment_id");--> statement-breakpoint
CREATE INDEX "payments_order_number_idx" ON "payments" USING btree (right("order_id"::text, 6));--> statement-breakpoint
CREATE INDEX "products_stock_idx" ON "products" USING btree ("stock","id");--> statement-breakpoint
CREATE INDEX "products_low_stock_idx" ON "products" USING btree ("stock","low_stock_threshold") WHERE "products"."active" and "products"."low_stock_threshold" > 0;