ALTER TABLE "orders" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
-- Walk-in counter sales made before this change named the cashier as their customer: a counter order with no
-- mobile number whose customer is the staff member who sold it (its 'placed' event) has no customer.
UPDATE "orders" o SET "user_id" = NULL
WHERE o."channel" = 'pos'
  AND coalesce(o."address"->>'mobile', '') = ''
  AND EXISTS (SELECT 1 FROM "order_events" e WHERE e."order_id" = o."id" AND e."kind" = 'placed' AND e."user_id" = o."user_id");
