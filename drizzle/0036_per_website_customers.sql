CREATE TABLE "customer_profiles" (
	"website_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"phone" text,
	"email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_profiles_website_id_user_id_pk" PRIMARY KEY("website_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "agent_customer_requests" (
	"website_id" integer NOT NULL,
	"agent_id" integer NOT NULL,
	"phone" text NOT NULL,
	"name" text NOT NULL,
	"address" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agent_customer_requests_website_id_agent_id_phone_pk" PRIMARY KEY("website_id","agent_id","phone")
);
--> statement-breakpoint
ALTER TABLE "otp_codes" ADD COLUMN "purpose" text DEFAULT 'sign_in' NOT NULL;--> statement-breakpoint
ALTER TABLE "customer_profiles" ADD CONSTRAINT "customer_profiles_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_profiles" ADD CONSTRAINT "customer_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_customer_requests" ADD CONSTRAINT "agent_customer_requests_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_customer_requests" ADD CONSTRAINT "agent_customer_requests_agent_id_users_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_profiles_phone_idx" ON "customer_profiles" USING btree ("website_id","phone");--> statement-breakpoint
CREATE INDEX "customer_profiles_name_trgm_idx" ON "customer_profiles" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "customer_profiles_phone_trgm_idx" ON "customer_profiles" USING gin ("phone" gin_trgm_ops);--> statement-breakpoint
-- What each website knows of the people it already has (decision 0034). The account's own name, phone and email
-- where the person came themselves: signed in there (a session), ordered on the website or holds a role there.
INSERT INTO "customer_profiles" ("website_id", "user_id", "name", "phone", "email", "created_at")
SELECT r.website_id, u.id, u.name, u.phone, u.email, r.since
FROM (
  SELECT website_id, user_id, min(at) AS since FROM (
    SELECT website_id, user_id, created_at AS at FROM sessions WHERE user_id IS NOT NULL
    UNION ALL SELECT website_id, user_id, created_at FROM orders WHERE channel = 'web'
    UNION ALL SELECT website_id, user_id, now() FROM website_members
  ) s GROUP BY website_id, user_id
) r JOIN users u ON u.id = r.user_id
ON CONFLICT DO NOTHING;--> statement-breakpoint
-- Everyone else a website has (through one of its agents, its counter or an address): only the number it was given
-- and the name it was told (an account its own agent made, else its newest order's), never the account's email.
INSERT INTO "customer_profiles" ("website_id", "user_id", "name", "phone", "email", "created_at")
SELECT r.website_id, u.id,
  coalesce(
    CASE WHEN EXISTS (SELECT 1 FROM agent_customers ac WHERE ac.website_id = r.website_id AND ac.user_id = u.id AND ac.added) THEN u.name END,
    (SELECT o.address->>'name' FROM orders o WHERE o.website_id = r.website_id AND o.user_id = u.id ORDER BY o.id DESC LIMIT 1),
    'Customer'),
  u.phone, NULL, r.since
FROM (
  SELECT website_id, user_id, min(at) AS since FROM (
    SELECT website_id, user_id, created_at AS at FROM agent_customers
    UNION ALL SELECT website_id, user_id, created_at FROM orders
    UNION ALL SELECT website_id, user_id, created_at FROM addresses
  ) s GROUP BY website_id, user_id
) r JOIN users u ON u.id = r.user_id
ON CONFLICT DO NOTHING;
