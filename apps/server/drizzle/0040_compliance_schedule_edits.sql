CREATE TABLE "compliance_schedule_edits" (
	"task_key" text PRIMARY KEY NOT NULL,
	"owner_task" boolean NOT NULL,
	"interval_months" integer,
	"interval_days" integer,
	"disabled" boolean DEFAULT false NOT NULL,
	"title" text,
	"category_key" text,
	"product_id" uuid,
	"basis_source" text,
	"basis_clause" text,
	"basis_kind" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "compliance_schedule_edits_interval" CHECK (("compliance_schedule_edits"."interval_months" is null or "compliance_schedule_edits"."interval_days" is null)
        and ("compliance_schedule_edits"."interval_months" is null or "compliance_schedule_edits"."interval_months" between 1 and 120)
        and ("compliance_schedule_edits"."interval_days" is null or "compliance_schedule_edits"."interval_days" between 1 and 3650)),
	CONSTRAINT "compliance_schedule_edits_kind" CHECK ((not "compliance_schedule_edits"."owner_task" and "compliance_schedule_edits"."title" is null and "compliance_schedule_edits"."product_id" is null and ("compliance_schedule_edits"."disabled" or "compliance_schedule_edits"."interval_months" is not null or "compliance_schedule_edits"."interval_days" is not null))
        or ("compliance_schedule_edits"."owner_task" and not "compliance_schedule_edits"."disabled" and "compliance_schedule_edits"."title" is not null and "compliance_schedule_edits"."category_key" is not null
          and "compliance_schedule_edits"."basis_source" is not null and "compliance_schedule_edits"."basis_clause" is not null
          and "compliance_schedule_edits"."basis_kind" in ('law', 'standard', 'practice')
          and ("compliance_schedule_edits"."interval_months" is not null or "compliance_schedule_edits"."interval_days" is not null)))
);
--> statement-breakpoint
ALTER TABLE "compliance_schedule_edits" ADD CONSTRAINT "compliance_schedule_edits_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "compliance_schedule_edits_product_idx" ON "compliance_schedule_edits" USING btree ("product_id");