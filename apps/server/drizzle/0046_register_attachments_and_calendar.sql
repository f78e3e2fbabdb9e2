CREATE TABLE "asset_record_files" (
	"record_id" uuid PRIMARY KEY NOT NULL,
	"data" "bytea" NOT NULL
);
--> statement-breakpoint
ALTER TABLE "asset_task_records" ADD COLUMN "attachment_name" text;--> statement-breakpoint
ALTER TABLE "asset_task_records" ADD COLUMN "attachment_type" text;--> statement-breakpoint
ALTER TABLE "asset_task_records" ADD COLUMN "attachment_size" integer;--> statement-breakpoint
ALTER TABLE "business_outlets" ADD COLUMN "calendar_token" text;--> statement-breakpoint
ALTER TABLE "asset_record_files" ADD CONSTRAINT "asset_record_files_record_id_asset_task_records_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."asset_task_records"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_outlets" ADD CONSTRAINT "business_outlets_calendar_token_unique" UNIQUE("calendar_token");