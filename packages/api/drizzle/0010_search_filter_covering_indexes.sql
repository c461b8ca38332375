-- The release-date and benefit filters carry the sort keys and id (docs/performance.md, "Search"):
-- a filter without a query matching tens of thousands of products is sorted from an index-only
-- scan instead of reading their rows, scattered over the table.
DROP INDEX "product_search_sell_start_date_idx";--> statement-breakpoint
DROP INDEX "product_search_benefit_until_idx";--> statement-breakpoint
CREATE INDEX "product_search_sell_start_date_idx" ON "product_search" USING btree ("sell_start_date","created_at","order_count","id");--> statement-breakpoint
CREATE INDEX "product_search_benefit_until_idx" ON "product_search" USING btree ("benefit_until","sell_start_date","created_at","order_count","id");