CREATE TABLE "website_switch_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"from_website_id" integer NOT NULL,
	"to_website_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "phone_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "website_switch_tokens" ADD CONSTRAINT "website_switch_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "website_switch_tokens" ADD CONSTRAINT "website_switch_tokens_from_website_id_websites_id_fk" FOREIGN KEY ("from_website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "website_switch_tokens" ADD CONSTRAINT "website_switch_tokens_to_website_id_websites_id_fk" FOREIGN KEY ("to_website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "website_switch_tokens_expires_idx" ON "website_switch_tokens" USING btree ("expires_at");--> statement-breakpoint
-- Accounts that exist before sign-in did were made by the store (the demo seed): their identifiers count as verified.
UPDATE "users" SET "phone_verified_at" = "created_at" WHERE "phone" IS NOT NULL;--> statement-breakpoint
UPDATE "users" SET "email_verified_at" = "created_at" WHERE "email" IS NOT NULL;
