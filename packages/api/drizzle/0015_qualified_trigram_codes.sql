-- pg_dump and pg_restore run with an empty search_path, where a function naming show_trgm
-- unqualified cannot run: restoring product_search (its generated columns call trigram_codes)
-- failed with "function show_trgm(text) does not exist". The same function, naming pg_trgm's
-- schema, wherever the extension was installed.
DO $do$
BEGIN
  EXECUTE format($f$CREATE OR REPLACE FUNCTION "trigram_codes"(t text) RETURNS int4[] LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $b$
  SELECT coalesce(array_agg(CASE WHEN length(g) > 3 THEN ('x' || lpad(substr(g, 3), 8, '0'))::bit(32)::int4
    ELSE (ascii(substr(g, 1, 1)) << 16) | (ascii(substr(g, 2, 1)) << 8) | ascii(substr(g, 3, 1)) END), '{}')
  FROM unnest(%I.show_trgm(t)) AS g
$b$
$f$, (SELECT n.nspname FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'pg_trgm'));
END
$do$;
