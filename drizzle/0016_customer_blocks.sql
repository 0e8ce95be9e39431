CREATE TABLE "customer_blocks" (
	"website_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"reason" text NOT NULL,
	"blocked_by" integer,
	"blocked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_blocks_website_id_user_id_pk" PRIMARY KEY("website_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "customer_blocks" ADD CONSTRAINT "customer_blocks_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_blocks" ADD CONSTRAINT "customer_blocks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_blocks" ADD CONSTRAINT "customer_blocks_blocked_by_users_id_fk" FOREIGN KEY ("blocked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id","website_id");