ALTER TABLE "customer_profiles" ADD COLUMN "gstin" text;--> statement-breakpoint
ALTER TABLE "customer_profiles" ADD COLUMN "gstin_name" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "buyer" jsonb;
--> statement-breakpoint
ALTER TABLE "tax_settings" ADD COLUMN "tally_ledgers" jsonb;