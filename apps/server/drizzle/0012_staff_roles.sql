ALTER TYPE "public"."role" ADD VALUE 'orders_staff';--> statement-breakpoint
ALTER TYPE "public"."role" ADD VALUE 'catalog_staff';