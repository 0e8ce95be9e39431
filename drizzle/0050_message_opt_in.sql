ALTER TABLE "message_preferences" ALTER COLUMN "updates" SET DEFAULT false;--> statement-breakpoint
ALTER TABLE "message_preferences" ADD COLUMN "opted_in_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "message_preferences" ADD COLUMN "opted_in_via" text;--> statement-breakpoint
-- Existing choices: a row with updates on was saved by the shopper on the account screen ("Send me order updates"
-- ticked), so it counts as an opt-in given there when last saved. A number with no row was never asked: no updates
-- until the shopper opts in (docs/decisions/0052).
UPDATE "message_preferences" SET "opted_in_at" = "updated_at", "opted_in_via" = 'account' WHERE "updates" = true;
