-- Relevance of a query no title starts with (docs/performance.md, "Search"): the titles containing
-- every word of the query (the grams of the title, like product_search_grams_idx over the text) and
-- the titles sharing a pg_trgm trigram with it are ranked; every other match has similarity 0 and
-- ranks after them by popularity, read from the popularity index.
CREATE INDEX "product_search_title_grams_idx" ON "product_search" USING gin (search_text_grams("search_title"));--> statement-breakpoint
CREATE INDEX "product_search_title_trigrams_idx" ON "product_search" USING gin ("title_trigrams");