-- The MRP of a product and of each size (docs/shop-rules.md#mrp): in paise, null when not entered, never below the
-- price (no one may sell above the MRP); and the store setting that shows price x 1.1 struck through for a product
-- without one (on: the spec's demo behaviour, which existing shops keep until the owner turns it off).
ALTER TABLE "product_variants" ADD COLUMN "mrp_paise" bigint;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "mrp_paise" bigint;--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "computed_original_price" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "variants_mrp_not_below_price" CHECK ("product_variants"."mrp_paise" > 0 and "product_variants"."mrp_paise" >= "product_variants"."price_paise");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_mrp_not_below_price" CHECK ("products"."mrp_paise" > 0 and "products"."mrp_paise" >= "products"."price_paise");