-- The image DTO has one home, toImageDto (apps/server/src/modules/products/images.ts): the orders' statement reads
-- an image's columns and the server maps them, so the JSON text migration 0021 kept beside each image goes.
ALTER TABLE "product_images" DROP COLUMN "dto_json";--> statement-breakpoint
DROP FUNCTION "image_dto_json"(text, integer, integer, jsonb);
