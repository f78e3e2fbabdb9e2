CREATE TABLE "reminder_runs" (
	"day" date PRIMARY KEY NOT NULL,
	"claimed_until" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 1 NOT NULL,
	"finished_at" timestamp with time zone,
	"tasks" integer,
	"mails" integer,
	CONSTRAINT "reminder_runs_attempts_positive" CHECK ("reminder_runs"."attempts" >= 1)
);
--> statement-breakpoint
CREATE TABLE "reminder_sends" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"outlet_id" uuid NOT NULL,
	"asset_id" uuid,
	"task_key" text NOT NULL,
	"due_on" date NOT NULL,
	"days_before" integer NOT NULL,
	"sent_on" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reminder_sends_once" UNIQUE NULLS NOT DISTINCT("outlet_id","asset_id","task_key","due_on","days_before")
);
--> statement-breakpoint
ALTER TABLE "reminder_sends" ADD CONSTRAINT "reminder_sends_outlet_id_business_outlets_id_fk" FOREIGN KEY ("outlet_id") REFERENCES "public"."business_outlets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_sends" ADD CONSTRAINT "reminder_sends_asset_id_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."assets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reminder_sends_sent_on_idx" ON "reminder_sends" USING btree ("sent_on");