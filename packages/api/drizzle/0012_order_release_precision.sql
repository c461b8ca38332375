-- Orders and bundles say how precisely their release day is known (docs/api.md, "Orders"): a
-- reservation of a product known only to 2027年3月中旬 is not printed as 3月11日. Stored per order,
-- as placed and as moved by changeReleaseDate while the order is open, so an order closed before
-- its product moved keeps the precision of its own day.
ALTER TABLE "order_details" ADD COLUMN "release_date_precision" text;--> statement-breakpoint
-- Orders placed before: an order whose day is still its items' latest gets the precision
-- latestRelease (@shop/rules, calendar/latestRelease.ts) gives, the most precise one whose span
-- around that day reaches the last day any item may come out on; an order whose products moved
-- since (it was closed) gets the precision its product had on that day by the delay list; else
-- the day.
WITH "item_spans" AS (
  SELECT i."order_id",
    coalesce(v."sell_start_date", p."sell_start_date") AS "day",
    CASE p."release_date_precision"
      WHEN 'day' THEN coalesce(v."sell_start_date", p."sell_start_date")
      WHEN 'month_part' THEN CASE
        WHEN extract(day FROM coalesce(v."sell_start_date", p."sell_start_date")) <= 10
          THEN date_trunc('month', coalesce(v."sell_start_date", p."sell_start_date")::timestamp)::date + 9
        WHEN extract(day FROM coalesce(v."sell_start_date", p."sell_start_date")) <= 20
          THEN date_trunc('month', coalesce(v."sell_start_date", p."sell_start_date")::timestamp)::date + 19
        ELSE (date_trunc('month', coalesce(v."sell_start_date", p."sell_start_date")::timestamp) + interval '1 month')::date - 1
      END
      ELSE (date_trunc('month', coalesce(v."sell_start_date", p."sell_start_date")::timestamp) + interval '1 month')::date - 1
    END AS "last_day"
  FROM "order_items" i
    JOIN "variations" v ON v."id" = i."variation_id"
    JOIN "products" p ON p."id" = i."product_id"
  WHERE coalesce(v."sell_start_date", p."sell_start_date") IS NOT NULL
), "order_spans" AS (
  SELECT "order_id", max("day") AS "day", max("last_day") AS "last_day"
  FROM "item_spans" GROUP BY "order_id"
)
UPDATE "order_details" d SET "release_date_precision" = coalesce(
  (SELECT CASE
      WHEN s."last_day" <= s."day" THEN 'day'
      WHEN extract(day FROM s."day") <= 10 AND s."last_day" <= date_trunc('month', s."day"::timestamp)::date + 9 THEN 'month_part'
      WHEN extract(day FROM s."day") BETWEEN 11 AND 20 AND s."last_day" <= date_trunc('month', s."day"::timestamp)::date + 19 THEN 'month_part'
      WHEN extract(day FROM s."day") > 20 THEN 'month_part'
      ELSE 'month'
    END
    FROM "order_spans" s WHERE s."order_id" = d."order_id" AND s."day" = d."release_date"),
  (SELECT CASE WHEN r."new_date" = d."release_date" THEN r."new_precision" ELSE r."previous_precision" END
    FROM "release_postponements" r JOIN "order_items" i ON i."product_id" = r."product_id"
    WHERE i."order_id" = d."order_id" AND d."release_date" IN (r."new_date", r."previous_date")
    ORDER BY r."announced_at" DESC, r."id" DESC LIMIT 1),
  'day')
WHERE d."release_date" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "order_details" ADD CONSTRAINT "order_details_release_precision" CHECK (("order_details"."release_date" is null) = ("order_details"."release_date_precision" is null) and "order_details"."release_date_precision" in ('day', 'month_part', 'month'));
