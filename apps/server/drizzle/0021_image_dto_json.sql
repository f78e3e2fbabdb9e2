-- An image as the API shows it (toImageDto, apps/server/src/modules/products/images.ts), as compact JSON text with
-- chr(1) (written \u0001) where the storage's URL prefix goes: statements that build their whole answer as JSON
-- text (the orders' DTO, docs/decisions/0011-admin-lists-at-size.md, seventh part) put the prefix in with one
-- replace() instead of building every rendition's URL per row. A rendition's URL is the prefix and renditionKey's
-- layout, <public_id>/<width>.webp; `url` is the primary rendition's (the widest at or below PRIMARY_WIDTH, 640,
-- else the narrowest; '' without renditions), `sizes` every rendition, narrowest first. Keys and number formats as
-- JSON.stringify writes the DTO (to_json escapes strings as it does). products/image-dto-json.test.ts checks it
-- against toImageDto.
CREATE FUNCTION "image_dto_json"("image_public_id" text, "image_width" integer, "image_height" integer, "image_renditions" jsonb)
RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT concat(
    '{"url":', to_json(coalesce(
      chr(1) || "image_public_id" || '/' || coalesce(max(r."width") FILTER (WHERE r."width" <= 640), min(r."width")) || '.webp',
      ''))::text,
    ',"public_id":', to_json("image_public_id")::text,
    ',"width":', coalesce(to_json("image_width")::text, 'null'),
    ',"height":', coalesce(to_json("image_height")::text, 'null'),
    ',"sizes":', coalesce('[' || string_agg(
      concat('{"width":', r."width", ',"url":', to_json(chr(1) || "image_public_id" || '/' || r."width" || '.webp')::text, '}'),
      ',' ORDER BY r."width") || ']', '[]'),
    '}')
  FROM (SELECT "value"::int AS "width" FROM jsonb_array_elements("image_renditions")) AS r
$$;--> statement-breakpoint
ALTER TABLE "product_images" ADD COLUMN "dto_json" text GENERATED ALWAYS AS (image_dto_json("product_images"."public_id", "product_images"."width", "product_images"."height", "product_images"."renditions")) STORED NOT NULL;
