ALTER TABLE "payments" ADD COLUMN "via" text DEFAULT 'checkout' NOT NULL;--> statement-breakpoint
-- Existing attempts: a Razorpay payment link's id says what it is (plink_…). A Cashfree link's id is our reference, like
-- an order's: those stay 'checkout', and the release job asks for a link when no order has that id (docs/decisions/0060).
UPDATE "payments" SET "via" = 'link' WHERE "provider" = 'razorpay' AND "provider_order_id" LIKE 'plink\_%';
