ALTER TABLE "products" ADD COLUMN "title_kana" text;--> statement-breakpoint
ALTER TABLE "series" ADD COLUMN "title_kana" text;--> statement-breakpoint
-- Search forgives spacing and volume marks (docs/api.md, "Search"): search_title gets the new
-- normalizeForSearch steps on top of the old form (the 第 and 巻 around a number dropped, a number
-- a word of its own), and search_text becomes @shop/rules searchableText: the same, without
-- spaces, with the readings the catalog already has (authors' and circles' name_kana). The
-- search copy follows through its trigger.
CREATE FUNCTION "pg_temp"."renormalized"(t text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT btrim(regexp_replace(regexp_replace(
    regexp_replace(t, '(第 ?)?([0-9]+)( ?巻)?', ' \2 ', 'g'),
    '(^| )ー', '\1', 'g'), ' {2,}', ' ', 'g'))
$$;
--> statement-breakpoint
-- A reading as searchableText stores it: katakana as hiragana, no spaces (readings hold no signs).
CREATE FUNCTION "pg_temp"."kana"(t text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT replace(translate(t, 'ァアィイゥウェエォオカガキギクグケゲコゴサザシジスズセゼソゾタダチヂッツヅテデトドナニヌネノハバパヒビピフブプヘベペホボポマミムメモャヤュユョヨラリルレロヮワヰヱヲンヴヵヶ', 'ぁあぃいぅうぇえぉおかがきぎくぐけげこごさざしじすずせぜそぞただちぢっつづてでとどなにぬねのはばぱひびぴふぶぷへべぺほぼぽまみむめもゃやゅゆょよらりるれろゎわゐゑをんゔゕゖ'), ' ', '')
$$;
--> statement-breakpoint
UPDATE "products" p SET
  "search_title" = pg_temp.renormalized(p."search_title"),
  "search_text" = replace(pg_temp.renormalized(p."search_text"), ' ', '')
    || coalesce((SELECT pg_temp.kana(a."name_kana") FROM "authors" a WHERE a."id" = p."author_id"), '')
    || coalesce((SELECT pg_temp.kana(c."name_kana") FROM "authors" c WHERE c."id" = p."circle_id"), '');
