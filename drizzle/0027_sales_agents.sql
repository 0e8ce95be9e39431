CREATE TABLE "agent_customers" (
	"website_id" integer NOT NULL,
	"agent_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"added" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agent_customers_website_id_agent_id_user_id_pk" PRIMARY KEY("website_id","agent_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "commission_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"website_id" integer NOT NULL,
	"category_id" integer,
	"rate_bp" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "commission_rules_rate_ck" CHECK ("commission_rules"."rate_bp" between 0 and 10000)
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "added_by_agent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "agent_id" integer;--> statement-breakpoint
ALTER TABLE "agent_customers" ADD CONSTRAINT "agent_customers_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_customers" ADD CONSTRAINT "agent_customers_agent_id_users_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_customers" ADD CONSTRAINT "agent_customers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commission_rules" ADD CONSTRAINT "commission_rules_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commission_rules" ADD CONSTRAINT "commission_rules_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agent_customers_user_idx" ON "agent_customers" USING btree ("website_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "commission_rules_uq" ON "commission_rules" USING btree ("website_id",coalesce("category_id", 0));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_agent_id_users_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_agent_idx" ON "orders" USING btree ("website_id","agent_id","created_at") WHERE "orders"."agent_id" is not null;