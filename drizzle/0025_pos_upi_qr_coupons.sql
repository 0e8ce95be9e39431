CREATE TABLE "pos_upi_qrs" (
	"id" serial PRIMARY KEY NOT NULL,
	"website_id" integer NOT NULL,
	"shift_id" integer,
	"user_id" integer,
	"provider" text DEFAULT 'razorpay' NOT NULL,
	"account" text,
	"provider_qr_id" text NOT NULL,
	"image_url" text NOT NULL,
	"amount_paise" integer NOT NULL,
	"close_by" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"provider_payment_id" text,
	"paid_paise" integer,
	"paid_at" timestamp with time zone,
	"order_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pos_upi_qrs_status_ck" CHECK ("pos_upi_qrs"."status" in ('pending', 'paid', 'expired'))
);
--> statement-breakpoint
ALTER TABLE "pos_payments" ADD COLUMN "upi_qr_id" integer;--> statement-breakpoint
ALTER TABLE "pos_sales" ADD COLUMN "coupon_paise" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "pos_upi_qrs" ADD CONSTRAINT "pos_upi_qrs_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_upi_qrs" ADD CONSTRAINT "pos_upi_qrs_shift_id_pos_shifts_id_fk" FOREIGN KEY ("shift_id") REFERENCES "public"."pos_shifts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_upi_qrs" ADD CONSTRAINT "pos_upi_qrs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_upi_qrs" ADD CONSTRAINT "pos_upi_qrs_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pos_upi_qrs_provider_uq" ON "pos_upi_qrs" USING btree ("provider","provider_qr_id");--> statement-breakpoint
CREATE UNIQUE INDEX "pos_upi_qrs_order_uq" ON "pos_upi_qrs" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "pos_upi_qrs_website_idx" ON "pos_upi_qrs" USING btree ("website_id","id");