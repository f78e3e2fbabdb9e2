ALTER TABLE "outbox_messages" ADD COLUMN "link_token" text;--> statement-breakpoint
-- Messages written before: their password links are redacted too (a pending one then goes out without a working link; its holder asks again).
UPDATE "outbox_messages" SET "data" = regexp_replace("data"::text, '#token=[A-Za-z0-9_-]+', '#token=REDACTED', 'g')::jsonb, "html" = regexp_replace("html", '#token=[A-Za-z0-9_-]+', '#token=REDACTED', 'g'), "text" = regexp_replace("text", '#token=[A-Za-z0-9_-]+', '#token=REDACTED', 'g') WHERE "kind" IN ('password-reset', 'staff-invite');
