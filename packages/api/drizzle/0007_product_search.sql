-- Search reads a narrow copy of each product (docs/performance.md, "Search"): the matches of a
-- broad query (の: a fifth of the catalog) pack into few pages instead of the wide products rows.

-- The characters and two-character grams of the words of a normalised search text: what
-- @shop/rules searchIndexTokens gives for it, and what searchQueryTokens looks up. Duplicates are
-- left in (GIN drops them). COST tells the planner that computing it for a row is expensive
-- (tens of microseconds): search only computes it to build the index.
CREATE FUNCTION "search_text_grams"(t text) RETURNS text[] LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE COST 1000 AS $$
DECLARE
  chars text[] := string_to_array(t, NULL);
  grams text[] := array_remove(chars, ' ');
BEGIN
  FOR i IN 1 .. cardinality(chars) - 1 LOOP
    IF chars[i] <> ' ' AND chars[i + 1] <> ' ' THEN
      grams := grams || (chars[i] || chars[i + 1]);
    END IF;
  END LOOP;
  RETURN grams;
END;
$$;
--> statement-breakpoint
-- pg_trgm's trigrams of a text (show_trgm) as the integers of their three bytes, so that two
-- texts share a trigram exactly when similarity() counts one as shared: show_trgm prints a
-- trigram as its three characters when they are ASCII, else as 0x and six hex digits.
CREATE FUNCTION "trigram_codes"(t text) RETURNS int4[] LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(CASE WHEN length(g) > 3 THEN ('x' || lpad(substr(g, 3), 8, '0'))::bit(32)::int4
    ELSE (ascii(substr(g, 1, 1)) << 16) | (ascii(substr(g, 2, 1)) << 8) | ascii(substr(g, 3, 1)) END), '{}')
  FROM unnest(show_trgm(t)) AS g
$$;
--> statement-breakpoint
CREATE TABLE "product_search" (
	"id" integer PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"order_count" integer NOT NULL,
	"sell_start_date" date,
	"categories" text[] NOT NULL,
	"isbn" text,
	"search_title" text NOT NULL,
	"search_text" text NOT NULL,
	"benefit_until" date,
	"title_trigrams" integer[] GENERATED ALWAYS AS (trigram_codes(search_title)) STORED NOT NULL
);
--> statement-breakpoint
ALTER TABLE "product_search" ADD CONSTRAINT "product_search_id_products_id_fk" FOREIGN KEY ("id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Backfill a running shop's catalog before the indexes exist (one sort per index, not one insert per row).
INSERT INTO "product_search" ("id", "created_at", "order_count", "sell_start_date", "categories", "isbn", "search_title", "search_text", "benefit_until")
  SELECT p."id", p."created_at", p."order_count", p."sell_start_date", p."categories", p."isbn", p."search_title", p."search_text",
    (SELECT max(coalesce(b."expiry_date", 'infinity')) FROM "benefits" b
      WHERE b."product_id" = p."id" AND b."distributed" AND b."available_max_num" > 0)
  FROM "products" p;
--> statement-breakpoint
CREATE INDEX "product_search_grams_idx" ON "product_search" USING gin (search_text_grams("search_text"));--> statement-breakpoint
CREATE INDEX "product_search_title_idx" ON "product_search" USING btree ("search_title" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "product_search_created_at_idx" ON "product_search" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "product_search_order_count_idx" ON "product_search" USING btree ("order_count","id");--> statement-breakpoint
CREATE INDEX "product_search_sell_start_date_idx" ON "product_search" USING btree ("sell_start_date");--> statement-breakpoint
CREATE INDEX "product_search_categories_idx" ON "product_search" USING gin ("categories");--> statement-breakpoint
CREATE INDEX "product_search_isbn_idx" ON "product_search" USING btree ("isbn");--> statement-breakpoint
CREATE INDEX "product_search_benefit_until_idx" ON "product_search" USING btree ("benefit_until");--> statement-breakpoint
-- products' own gram index: nothing searches products any more.
DROP INDEX "products_search_grams_idx";--> statement-breakpoint

-- Kept in step by triggers, so every writer of products (seed, checkout and cancellation sales
-- counters, the operator's release-date change, tests) updates search in the same transaction.
-- Inserts: one statement per batch of products (the seed inserts thousands at a time).
CREATE FUNCTION "product_search_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "product_search" ("id", "created_at", "order_count", "sell_start_date", "categories", "isbn", "search_title", "search_text")
    SELECT "id", "created_at", "order_count", "sell_start_date", "categories", "isbn", "search_title", "search_text" FROM "inserted_products";
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "product_search_insert" AFTER INSERT ON "products"
  REFERENCING NEW TABLE AS "inserted_products"
  FOR EACH STATEMENT EXECUTE FUNCTION "product_search_insert"();
--> statement-breakpoint
-- Updates: only when a copied column really changes (an order changes order_count alone).
CREATE FUNCTION "product_search_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "product_search" SET
    "created_at" = NEW."created_at",
    "order_count" = NEW."order_count",
    "sell_start_date" = NEW."sell_start_date",
    "categories" = NEW."categories",
    "isbn" = NEW."isbn",
    "search_title" = NEW."search_title",
    "search_text" = NEW."search_text"
  WHERE "id" = NEW."id";
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "product_search_update" AFTER UPDATE OF "created_at", "order_count", "sell_start_date", "categories", "isbn", "search_title", "search_text" ON "products"
  FOR EACH ROW WHEN (
    (OLD."created_at", OLD."order_count", OLD."sell_start_date", OLD."categories", OLD."isbn", OLD."search_title", OLD."search_text")
    IS DISTINCT FROM
    (NEW."created_at", NEW."order_count", NEW."sell_start_date", NEW."categories", NEW."isbn", NEW."search_title", NEW."search_text")
  )
  EXECUTE FUNCTION "product_search_update"();
--> statement-breakpoint
-- benefit_until follows the product's benefits: recomputed for every product whose benefits were
-- inserted (per statement), or changed in a column it depends on, or deleted (per row).
CREATE FUNCTION "product_search_benefit_until"(ids integer[]) RETURNS void LANGUAGE sql AS $$
  UPDATE "product_search" s SET "benefit_until" = (
    SELECT max(coalesce(b."expiry_date", 'infinity')) FROM "benefits" b
    WHERE b."product_id" = s."id" AND b."distributed" AND b."available_max_num" > 0)
  WHERE s."id" = ANY(ids)
$$;
--> statement-breakpoint
CREATE FUNCTION "product_search_benefits_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "product_search_benefit_until"(ARRAY(SELECT DISTINCT "product_id" FROM "inserted_benefits"));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "product_search_benefits_insert" AFTER INSERT ON "benefits"
  REFERENCING NEW TABLE AS "inserted_benefits"
  FOR EACH STATEMENT EXECUTE FUNCTION "product_search_benefits_insert"();
--> statement-breakpoint
CREATE FUNCTION "product_search_benefits_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM "product_search_benefit_until"(ARRAY[OLD."product_id"]);
  ELSE
    PERFORM "product_search_benefit_until"(ARRAY[OLD."product_id", NEW."product_id"]);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "product_search_benefits_update" AFTER UPDATE OF "product_id", "distributed", "available_max_num", "expiry_date" ON "benefits"
  FOR EACH ROW WHEN (
    (OLD."product_id", OLD."distributed", OLD."available_max_num", OLD."expiry_date")
    IS DISTINCT FROM (NEW."product_id", NEW."distributed", NEW."available_max_num", NEW."expiry_date")
  )
  EXECUTE FUNCTION "product_search_benefits_change"();
--> statement-breakpoint
CREATE TRIGGER "product_search_benefits_delete" AFTER DELETE ON "benefits"
  FOR EACH ROW EXECUTE FUNCTION "product_search_benefits_change"();
--> statement-breakpoint
ANALYZE "product_search";
