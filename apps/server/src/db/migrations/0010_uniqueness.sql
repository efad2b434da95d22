-- Uniqueness is the database's (spec README, Uniqueness): unique indexes and sequences that hold under
-- concurrent requests. Older data can hold twins the in-code checks let through under concurrency; each
-- twin after the first (lowest id) is renamed or cleared first, so the indexes can be built and nothing
-- that refers to a row by id changes. Customer numbers and QR codes changed that way are written to the
-- customer's or machine's change log.
CREATE SEQUENCE "public"."customer_group_ids" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE SEQUENCE "public"."customer_numbers" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 10001 CACHE 1;--> statement-breakpoint
CREATE SEQUENCE "public"."department_ids" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
-- Names of lookups, whatever their case: twins become '<name> (<id>)'.
UPDATE "warranty_types" t SET "name" = t."name" || ' (' || t."id" || ')'
 WHERE EXISTS (SELECT 1 FROM "warranty_types" o WHERE lower(o."name") = lower(t."name") AND o."id" < t."id");--> statement-breakpoint
UPDATE "repair_places" t SET "name" = t."name" || ' (' || t."id" || ')'
 WHERE EXISTS (SELECT 1 FROM "repair_places" o WHERE lower(o."name") = lower(t."name") AND o."id" < t."id");--> statement-breakpoint
UPDATE "job_categories" t SET "name" = t."name" || ' (' || t."id" || ')'
 WHERE EXISTS (SELECT 1 FROM "job_categories" o WHERE lower(o."name") = lower(t."name") AND o."id" < t."id");--> statement-breakpoint
UPDATE "job_sub_statuses" t SET "name" = t."name" || ' (' || t."id" || ')'
 WHERE EXISTS (SELECT 1 FROM "job_sub_statuses" o
                WHERE o."job_status_id" = t."job_status_id" AND lower(o."name") = lower(t."name") AND o."id" < t."id");--> statement-breakpoint
-- QR codes: the service stores no code as null, so an empty one is null too; a code on several
-- machines stays on the first and is taken off the others.
UPDATE "machines" SET "qrcode" = NULL WHERE "qrcode" = '';--> statement-breakpoint
WITH "cleared" AS (
  UPDATE "machines" m SET "qrcode" = NULL, "updated_at" = now()
    FROM "machines" o
   WHERE o."qrcode" = m."qrcode" AND o."id" < m."id"
     AND o."id" = (SELECT min(f."id") FROM "machines" f WHERE f."qrcode" = m."qrcode")
  RETURNING m."id", m."name", m."customer_id", o."qrcode" AS "old"
)
INSERT INTO "change_logs" ("entity", "entity_id", "action", "customer_id", "machine_id", "description", "changes", "user_name")
SELECT 'Machine', "id", 'Change', "customer_id", "id", "name",
       jsonb_build_array(jsonb_build_object('Field', 'Qrcode', 'OldValue', "old", 'NewValue', NULL)), 'Fieldport'
  FROM "cleared";--> statement-breakpoint
-- Customer numbers, whatever their case: twins become '<number>-<id>'.
WITH "renamed" AS (
  UPDATE "customers" c SET "customer_number" = c."customer_number" || '-' || c."id", "updated_at" = now()
   WHERE EXISTS (SELECT 1 FROM "customers" o
                  WHERE lower(o."customer_number") = lower(c."customer_number") AND o."id" < c."id")
  RETURNING c."id", c."name", c."customer_number" AS "new"
)
INSERT INTO "change_logs" ("entity", "entity_id", "action", "customer_id", "description", "changes", "user_name")
SELECT 'Customer', "id", 'Change', "id", "name",
       jsonb_build_array(jsonb_build_object('Field', 'CustomerNumber',
         'OldValue', left("new", length("new") - length('-' || "id")), 'NewValue', "new")), 'Fieldport'
  FROM "renamed";--> statement-breakpoint
DROP INDEX "customers_number_unique";--> statement-breakpoint
CREATE UNIQUE INDEX "job_categories_name_unique" ON "job_categories" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "job_sub_statuses_name_unique" ON "job_sub_statuses" USING btree ("job_status_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "repair_places_name_unique" ON "repair_places" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "warranty_types_name_unique" ON "warranty_types" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "machines_qrcode_unique" ON "machines" USING btree ("qrcode");--> statement-breakpoint
CREATE UNIQUE INDEX "customers_number_unique" ON "customers" USING btree (lower("customer_number"));--> statement-breakpoint
-- The sequences start past what is stored: the next automatic customer number is one above the
-- highest numeric one (as before), group and department ids one above the highest id.
SELECT setval('customer_numbers', coalesce((SELECT max("customer_number"::bigint) FROM "customers" WHERE "customer_number" ~ '^[0-9]{1,12}$'), 10000) + 1, false);--> statement-breakpoint
SELECT setval('customer_group_ids', coalesce((SELECT max("id") FROM "customer_groups"), 0) + 1, false);--> statement-breakpoint
SELECT setval('department_ids', coalesce((SELECT max("id") FROM "departments"), 0) + 1, false);
