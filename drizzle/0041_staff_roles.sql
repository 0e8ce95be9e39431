ALTER TABLE "website_members" ADD COLUMN "role" text;--> statement-breakpoint
UPDATE "website_members" SET "role" = 'admin' WHERE "has_admin_access" OR "superadmin";
