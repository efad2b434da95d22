-- The customer and machine lists at 50,000 customers and 200,000 machines (bench/plans.ts).
-- Each list reads, in its order (name, id), an index led by its scope or filter, so page 1 reads about
-- one page of index entries and the bounded count (cap + 1 matches) reads the same index, never the table.
-- Customers by name: the staff list and its bounded count.
CREATE INDEX "customers_list_name" ON "customers" USING btree ("name","id");--> statement-breakpoint
-- A partner's customers by name (customerScope: partner_company_id = ?).
CREATE INDEX "customers_list_partner" ON "customers" USING btree ("partner_company_id","name","id");--> statement-breakpoint
-- A customer group's customers by name (customer/Filtered CustomerGroupId).
CREATE INDEX "customers_list_group" ON "customers" USING btree ("customer_group_id","name","id");--> statement-breakpoint
-- The customer search's address arm: the customers whose default delivery address is among the
-- (at most 1,000) addresses the word is in (customers.repository.ts searchOf), a bitmap arm.
CREATE INDEX "customers_default_address" ON "customers" USING btree ("default_delivery_address_id");--> statement-breakpoint
-- Machines by name: the staff list and its bounded count.
CREATE INDEX "machines_list_name" ON "machines" USING btree ("name","id");--> statement-breakpoint
-- A partner's machines by name (machineScope: partner_company_id = ?).
CREATE INDEX "machines_list_partner" ON "machines" USING btree ("partner_company_id","name","id");--> statement-breakpoint
-- A customer's machines by name (machineScope of a customer user, and the CustomerId filter).
CREATE INDEX "machines_list_customer" ON "machines" USING btree ("customer_id","name","id");--> statement-breakpoint
-- A model's machines by name (MachineModelId filter), and the machines of the models of a type or
-- supplier (MachineTypeId, SupplierId) or whose name the search word is in (machines.repository.ts).
CREATE INDEX "machines_list_model" ON "machines" USING btree ("machine_model_id","name","id");--> statement-breakpoint
-- The searches (ILIKE '%word%': a prefix index cannot serve them, a trigram index can), where pg_trgm
-- exists (migration 0002 created it; the embedded PGlite has none and searches without them).
-- customers_words: a customer's name, number and organisation number (customers.repository.ts customerWords);
-- addresses_words: an address's street, city and zip (addressWords); machines_words: a machine's name,
-- serial number and QR code (machines.repository.ts machineWords). The statistics on the same
-- expressions tell the planner how common a word is: a rare word is found through the trigram index,
-- a common one ('Boiler', a fifth of the machines) checked on the rows read in name order.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
    CREATE INDEX "customers_words" ON "customers" USING gin (("name" || ' ' || "customer_number" || ' ' || coalesce("organisation_number", '')) gin_trgm_ops);
    CREATE INDEX "addresses_words" ON "addresses" USING gin (("street" || ' ' || "city" || ' ' || "zip") gin_trgm_ops);
    CREATE INDEX "machines_words" ON "machines" USING gin (("name" || ' ' || "serial_number" || ' ' || coalesce("qrcode", '')) gin_trgm_ops);
  END IF;
END $$;--> statement-breakpoint
CREATE STATISTICS IF NOT EXISTS "customers_words_stats" ON (("name" || ' ' || "customer_number" || ' ' || coalesce("organisation_number", ''))) FROM "customers";--> statement-breakpoint
CREATE STATISTICS IF NOT EXISTS "addresses_words_stats" ON (("street" || ' ' || "city" || ' ' || "zip")) FROM "addresses";--> statement-breakpoint
CREATE STATISTICS IF NOT EXISTS "machines_words_stats" ON (("name" || ' ' || "serial_number" || ' ' || coalesce("qrcode", ''))) FROM "machines";--> statement-breakpoint
ANALYZE "customers";--> statement-breakpoint
ANALYZE "addresses";--> statement-breakpoint
ANALYZE "machines";
