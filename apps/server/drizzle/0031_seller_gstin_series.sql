-- Each tax document names its seller's GSTIN, and its series is that GSTIN's (docs/shop-rules.md#invoices).
-- Existing documents take the GSTIN of their stored snapshot; existing series rows go to the GSTIN of their
-- latest document, and every other GSTIN with documents in a series continues after its own last number.
ALTER TABLE "tax_documents" ADD COLUMN "seller_gstin" text;--> statement-breakpoint
UPDATE "tax_documents" SET "seller_gstin" = "document" -> 'seller' ->> 'gstin';--> statement-breakpoint
ALTER TABLE "tax_documents" ALTER COLUMN "seller_gstin" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "tax_documents" DROP CONSTRAINT "tax_documents_number_unique";--> statement-breakpoint
ALTER TABLE "tax_documents" DROP CONSTRAINT "tax_documents_series_unique";--> statement-breakpoint
ALTER TABLE "tax_documents" ADD CONSTRAINT "tax_documents_number_unique" UNIQUE("seller_gstin","number");--> statement-breakpoint
ALTER TABLE "tax_documents" ADD CONSTRAINT "tax_documents_series_unique" UNIQUE("seller_gstin","kind","financial_year","sequence");--> statement-breakpoint
ALTER TABLE "document_sequences" ADD COLUMN "seller_gstin" text;--> statement-breakpoint
UPDATE "document_sequences" AS s SET "seller_gstin" = coalesce(
  (SELECT d."seller_gstin" FROM "tax_documents" d
    WHERE d."kind" = s."series" AND d."financial_year" = s."financial_year"
    ORDER BY d."sequence" DESC LIMIT 1),
  (SELECT "gstin" FROM "store_settings" WHERE "id" = 1)
);--> statement-breakpoint
-- A series row with no document and no store details numbered nothing: it goes.
DELETE FROM "document_sequences" WHERE "seller_gstin" IS NULL;--> statement-breakpoint
ALTER TABLE "document_sequences" ALTER COLUMN "seller_gstin" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "document_sequences" DROP CONSTRAINT "document_sequences_series_financial_year_pk";--> statement-breakpoint
ALTER TABLE "document_sequences" ADD CONSTRAINT "document_sequences_seller_gstin_series_financial_year_pk" PRIMARY KEY("seller_gstin","series","financial_year");--> statement-breakpoint
INSERT INTO "document_sequences" ("seller_gstin", "series", "financial_year", "next_value")
  SELECT "seller_gstin", "kind", "financial_year", max("sequence") + 1 FROM "tax_documents"
  GROUP BY "seller_gstin", "kind", "financial_year"
  ON CONFLICT DO NOTHING;--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "aggregate_turnover_band" text DEFAULT 'up-to-5-crore' NOT NULL;--> statement-breakpoint
ALTER TABLE "store_settings" ADD CONSTRAINT "store_settings_aggregate_turnover_band" CHECK ("store_settings"."aggregate_turnover_band" in ('up-to-5-crore', 'above-5-crore'));