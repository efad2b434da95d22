-- Issue 35 item 8 (decision 078): built-in reference data in the reader's language. The built-in main
-- store (id 1, seed/reference-data.ts STORES) has names per language like the lookups of decision 034;
-- an install without stores gets it, and a store still under the built-in English name takes the names
-- of packages/contract/src/i18n/<lang>/reference.json. Rental is the fifth built-in contract type: a
-- type still named so takes its names. A counter named exactly as its type's English name gives the
-- name up, so its type names it in each reader's language.
ALTER TABLE "stores" ADD COLUMN "names" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
INSERT INTO "stores" ("id", "name", "names")
SELECT 1, 'Main store', '{"en": "Main store", "no": "Hovedlager", "sv": "Huvudlager", "zh-CN": "主仓库", "zh-HK": "主倉庫"}'::jsonb
WHERE NOT EXISTS (SELECT 1 FROM "stores");--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('stores', 'id'), greatest((SELECT max(id) FROM "stores"), 1));--> statement-breakpoint
UPDATE "stores" SET "names" = '{"en": "Main store", "no": "Hovedlager", "sv": "Huvudlager", "zh-CN": "主仓库", "zh-HK": "主倉庫"}'::jsonb WHERE "name" = 'Main store' AND "store_type" = 1 AND "names" = '{}'::jsonb;--> statement-breakpoint
UPDATE "contract_types" SET "names" = '{"en": "Rental", "no": "Utleie", "sv": "Uthyrning", "zh-CN": "租赁", "zh-HK": "租賃"}'::jsonb WHERE "name" = 'Rental' AND "names" = '{}'::jsonb;--> statement-breakpoint
UPDATE "counters" SET "name" = '', "row_version" = "row_version" + 1 WHERE ("counter_type" = 1 AND "name" = 'Operating hours') OR ("counter_type" = 2 AND "name" = 'Starts') OR ("counter_type" = 3 AND "name" = 'Kilometres');
