-- The search's genres filter (@shop/rules BROWSABLE_GENRES, the storefront's genre pages) reads
-- the genre from product_search like every other filter: copied from products, kept in step by
-- the triggers of migration 0007, which now copy it too.
ALTER TABLE "product_search" ADD COLUMN "genre" text;--> statement-breakpoint
UPDATE "product_search" s SET "genre" = p."genre" FROM "products" p WHERE p."id" = s."id";--> statement-breakpoint
ALTER TABLE "product_search" ALTER COLUMN "genre" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "product_search_genre_idx" ON "product_search" USING btree ("genre","created_at","order_count","sell_start_date","id");--> statement-breakpoint
CREATE OR REPLACE FUNCTION "product_search_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "product_search" ("id", "created_at", "order_count", "sell_start_date", "categories", "genre", "isbn", "search_title", "search_text")
    SELECT "id", "created_at", "order_count", "sell_start_date", "categories", "genre", "isbn", "search_title", "search_text" FROM "inserted_products";
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "product_search_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "product_search" SET
    "created_at" = NEW."created_at",
    "order_count" = NEW."order_count",
    "sell_start_date" = NEW."sell_start_date",
    "categories" = NEW."categories",
    "genre" = NEW."genre",
    "isbn" = NEW."isbn",
    "search_title" = NEW."search_title",
    "search_text" = NEW."search_text"
  WHERE "id" = NEW."id";
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER "product_search_update" ON "products";--> statement-breakpoint
CREATE TRIGGER "product_search_update" AFTER UPDATE OF "created_at", "order_count", "sell_start_date", "categories", "genre", "isbn", "search_title", "search_text" ON "products"
  FOR EACH ROW WHEN (
    (OLD."created_at", OLD."order_count", OLD."sell_start_date", OLD."categories", OLD."genre", OLD."isbn", OLD."search_title", OLD."search_text")
    IS DISTINCT FROM
    (NEW."created_at", NEW."order_count", NEW."sell_start_date", NEW."categories", NEW."genre", NEW."isbn", NEW."search_title", NEW."search_text")
  )
  EXECUTE FUNCTION "product_search_update"();
