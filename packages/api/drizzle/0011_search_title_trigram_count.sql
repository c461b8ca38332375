-- Relevance of a series name starting tens of thousands of titles (docs/performance.md, "Search")
-- ranks only those with few trigrams when that provably gives the page: the title index carries
-- each title's trigram count, so how many titles of each count start with the query is read from
-- the index alone.
DROP INDEX "product_search_title_idx";--> statement-breakpoint
ALTER TABLE "product_search" ADD COLUMN "title_trigram_count" integer GENERATED ALWAYS AS (cardinality(trigram_codes(search_title))) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "product_search_title_idx" ON "product_search" USING btree ("search_title" text_pattern_ops,"title_trigram_count");