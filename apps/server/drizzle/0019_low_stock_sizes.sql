DROP INDEX "variants_stock_idx";--> statement-breakpoint
ALTER TABLE "product_variants" ADD COLUMN "alert_level" integer;--> statement-breakpoint
ALTER TABLE "product_variants" ADD COLUMN "product_title" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "variants_low_stock_idx" ON "product_variants" USING btree ("stock","alert_level" DESC NULLS FIRST,"product_title" collate "C",coalesce("size", '') collate "C","id") WHERE "product_variants"."stock" <= "product_variants"."alert_level";--> statement-breakpoint
-- The dashboard's low stock of sizes (docs/shop-rules.md#admin, docs/decisions/0011-admin-lists-at-size.md): each
-- size carries its product's alert level and title, so the card's first sizes are the first entries of
-- variants_low_stock_idx, whatever the number of sizes tied at the same stock. The level is the product's low-stock
-- threshold while the product is active (a deleted product is made inactive) and the threshold is above 0; else
-- null, which never alerts (stock <= null is not true).
CREATE FUNCTION "variant_alert_level"("active" boolean, "threshold" integer) RETURNS integer LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN "active" AND "threshold" > 0 THEN "threshold" END
$$;--> statement-breakpoint
-- A new size, or one moved to another product, copies its product's. FOR SHARE: a rename or a threshold change of
-- the product committing meanwhile would not see this uncommitted size, so it waits for it (or this for it, then
-- reads its result). No product: the row is left as given, for the foreign key to refuse.
CREATE FUNCTION "variant_copy_product"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  "product" record;
BEGIN
  SELECT p."active", p."low_stock_threshold", p."title" INTO "product"
  FROM "products" p WHERE p."id" = NEW."product_id" FOR SHARE;
  IF FOUND THEN
    NEW."alert_level" := "variant_alert_level"("product"."active", "product"."low_stock_threshold");
    NEW."product_title" := "product"."title";
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
-- A product's threshold, activity or title changed: its sizes follow (only those whose copies differ).
CREATE FUNCTION "variants_follow_product"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "product_variants"
  SET "alert_level" = "variant_alert_level"(NEW."active", NEW."low_stock_threshold"), "product_title" = NEW."title"
  WHERE "product_id" = NEW."id"
    AND ("alert_level", "product_title") IS DISTINCT FROM ("variant_alert_level"(NEW."active", NEW."low_stock_threshold"), NEW."title");
  RETURN NULL;
END;
$$;--> statement-breakpoint
-- Not on a stock update: a checkout's update of a size's stock names neither column, so it fires nothing here.
CREATE TRIGGER "variant_copy_product" BEFORE INSERT OR UPDATE OF "product_id" ON "product_variants"
  FOR EACH ROW EXECUTE FUNCTION "variant_copy_product"();--> statement-breakpoint
-- Nor does a checkout's update of a product's stock name any of these three.
CREATE TRIGGER "variants_follow_product" AFTER UPDATE OF "low_stock_threshold", "active", "title" ON "products"
  FOR EACH ROW WHEN (
    OLD."low_stock_threshold" IS DISTINCT FROM NEW."low_stock_threshold"
    OR OLD."active" IS DISTINCT FROM NEW."active"
    OR OLD."title" IS DISTINCT FROM NEW."title"
  ) EXECUTE FUNCTION "variants_follow_product"();--> statement-breakpoint
-- The fill: the sizes as their products are now; then the planner's statistics of the new columns.
UPDATE "product_variants" v
SET "alert_level" = "variant_alert_level"(p."active", p."low_stock_threshold"), "product_title" = p."title"
FROM "products" p WHERE p."id" = v."product_id";--> statement-breakpoint
ANALYZE "product_variants";
