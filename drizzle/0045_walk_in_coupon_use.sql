ALTER TABLE "coupon_redemptions" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
-- Coupon uses of walk-in counter sales made before this change were counted as the cashier's own.
UPDATE "coupon_redemptions" r SET "user_id" = NULL FROM "orders" o
WHERE o."coupon_redemption_id" = r."id" AND o."channel" = 'pos' AND o."user_id" IS NULL;
