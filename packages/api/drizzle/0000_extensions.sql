-- Trigram similarity orders relevance ties among search matches (see src/services/search.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
