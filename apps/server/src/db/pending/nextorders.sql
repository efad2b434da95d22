-- Hand-written (decision 049): every agreement's next_due as next-due.repository.ts refreshNextDue tells it.
WITH "a" AS (
  SELECT "id", "date_due", "counter_id",
         coalesce("last_service_counter", 0)::float8 + "counter_interval"::float8 AS "due_at"
    FROM "service_agreements"
), "ordered" AS (
  SELECT "counter_id", "read_at", "id", "value", "is_meter_change",
         lag("value") OVER (PARTITION BY "counter_id" ORDER BY "read_at", "id") AS "prev"
    FROM "counter_readings" WHERE "counter_id" IN (SELECT "counter_id" FROM "a" WHERE "counter_id" IS NOT NULL)
), "totals" AS (
  SELECT "counter_id", "read_at", "id",
         "value" + coalesce(sum(CASE WHEN "is_meter_change" THEN "prev" ELSE 0 END)
           OVER (PARTITION BY "counter_id" ORDER BY "read_at", "id" ROWS UNBOUNDED PRECEDING), 0) AS "total"
    FROM "ordered"
), "last" AS (
  SELECT DISTINCT ON ("counter_id") "counter_id", "read_at", "total" FROM "totals"
   ORDER BY "counter_id", "read_at" DESC, "id" DESC
), "first_of_year" AS (
  SELECT DISTINCT ON ("t"."counter_id") "t"."counter_id", "t"."read_at", "t"."total" FROM "totals" "t"
    JOIN "last" "l" ON "l"."counter_id" = "t"."counter_id" AND "t"."read_at" >= "l"."read_at" - interval '365 days'
   ORDER BY "t"."counter_id", "t"."read_at", "t"."id"
), "s" AS (
  SELECT "l"."counter_id", "l"."total",
         ("l"."read_at" AT TIME ZONE coalesce((SELECT "value" #>> '{}' FROM "settings" WHERE "group" = 'global' AND "name" = 'TimeZone'), 'Europe/Oslo'))::date AS "last_day",
         CASE WHEN extract(epoch FROM ("l"."read_at" - "f"."read_at")) >= 86400
              THEN ("l"."total" - "f"."total") / (extract(epoch FROM ("l"."read_at" - "f"."read_at")) / 86400) END AS "rate"
    FROM "last" "l" JOIN "first_of_year" "f" ON "f"."counter_id" = "l"."counter_id"
), "d" AS (
  SELECT "a"."id", least("a"."date_due", CASE
           WHEN "s"."counter_id" IS NULL THEN NULL
           WHEN "s"."total"::float8 >= "a"."due_at" THEN "s"."last_day"
           WHEN "s"."rate" IS NULL OR "s"."rate"::float8 <= 0 THEN NULL
           ELSE "s"."last_day" + ceil(("a"."due_at" - "s"."total"::float8) / "s"."rate"::float8)::int END) AS "due"
    FROM "a" LEFT JOIN "s" ON "s"."counter_id" = "a"."counter_id"
)
UPDATE "service_agreements" "sa" SET "next_due" = "d"."due" FROM "d" WHERE "sa"."id" = "d"."id";
