CREATE TABLE "custom_roles" (
	"id" serial PRIMARY KEY NOT NULL,
	"website_id" integer NOT NULL,
	"name" text NOT NULL,
	"permissions" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "custom_roles_site_id_uq" UNIQUE("website_id","id")
);
--> statement-breakpoint
ALTER TABLE "websites" ADD COLUMN "platform_payments" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "website_members" ADD COLUMN "custom_role_id" integer;--> statement-breakpoint
ALTER TABLE "custom_roles" ADD CONSTRAINT "custom_roles_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "custom_roles_site_name_uq" ON "custom_roles" USING btree ("website_id",lower("name"));--> statement-breakpoint
ALTER TABLE "website_members" ADD CONSTRAINT "website_members_custom_role_fk" FOREIGN KEY ("website_id","custom_role_id") REFERENCES "public"."custom_roles"("website_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "website_members_custom_role_idx" ON "website_members" USING btree ("website_id","custom_role_id");--> statement-breakpoint
-- websites made before this took online payments through the platform's keys: they keep doing so (issue 29)
UPDATE "websites" SET "platform_payments" = true;--> statement-breakpoint
-- every published page with no version yet is kept as its version 1, so its first publish can be rolled back
INSERT INTO "page_versions" ("website_id", "url", "number", "content")
SELECT p."website_id", p."url", 1, jsonb_build_object(
  'components', p."components", 'css', p."css", 'show_footer', p."show_footer", 'show_navbar', p."show_navbar",
  'show_sub_navbar', p."show_sub_navbar", 'seo_title', p."seo_title", 'seo_description', p."seo_description",
  'seo_keyword', p."seo_keyword", 'schema_script', p."schema_script")
FROM "pages" p
WHERE NOT EXISTS (SELECT 1 FROM "page_versions" v WHERE v."website_id" = p."website_id" AND v."url" = p."url");
