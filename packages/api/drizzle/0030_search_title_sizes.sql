-- Relevance of a word many titles contain (限定版: 14,000 at 1,000,000 products) reads those
-- titles size by size from the smallest, the most similar first (docs/performance.md, "Search"):
-- the title index holds each of a title's grams twice, alone and with the title's size (its
-- trigram count) after a '#'. A gram has one or two characters, so a sized one is never a gram.
-- Its search_path is the migration's: maintenance (CLUSTER, REINDEX) runs index expressions with
-- only pg_catalog on the path since PostgreSQL 17, where search_text_grams would not be found.
CREATE FUNCTION "search_title_tokens"(t text, trigram_count int) RETURNS text[] LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE COST 1000 SET search_path FROM CURRENT AS $$
DECLARE
  grams text[] := search_text_grams(t);
BEGIN
  RETURN grams || array(SELECT g || '#' || trigram_count FROM unnest(grams) AS g);
END;
$$;
--> statement-breakpoint
DROP INDEX "product_search_title_grams_idx";--> statement-breakpoint
CREATE INDEX "product_search_title_tokens_idx" ON "product_search" USING gin (search_title_tokens("search_title", "title_trigram_count"));
