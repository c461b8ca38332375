-- A release-date or benefit filter with a query (猫 with 特典あり or 予約): the filter's rows, a
-- fifth of the catalog, are a bitmap ANDed with the query's grams (docs/performance.md, "Search").
-- These narrow indexes give it from a fifth of the pages the covering ones of migration 0010 take;
-- the benefit one also holds the release date, so 特典あり with 予約 is one bitmap, not two.
CREATE INDEX "product_search_sell_start_date_only_idx" ON "product_search" USING btree ("sell_start_date");--> statement-breakpoint
CREATE INDEX "product_search_benefit_until_only_idx" ON "product_search" USING btree ("benefit_until","sell_start_date");