-- Every product's primary category is one of its categories; existing products were last changed when created.
INSERT INTO "product_categories" ("product_id", "category_id", "position")
SELECT "id", "category_id", 0 FROM "products"
ON CONFLICT DO NOTHING;--> statement-breakpoint
UPDATE "products" SET "updated_at" = "created_at";
