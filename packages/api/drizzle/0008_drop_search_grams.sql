-- The gram array search used before product_search (0007) kept its own grams in an index
-- expression; nothing reads or indexes this column any more.
ALTER TABLE "products" DROP COLUMN "search_grams";