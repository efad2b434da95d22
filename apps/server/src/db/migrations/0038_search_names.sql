-- A search's relevance order (issue 33, decision 084): customers and machines whose name starts with the
-- word first, then the others, each by the name in lower case compared byte by byte, then name and id.
-- The names starting with a word are one range of these indexes, already in order ('Forklift': 40,000
-- machines after 80,000 others by name, walked row by row for a page of 15); the columns of the search
-- and of the scopes and filters are included, so a page, and a common word's other names, are read from
-- the index alone.
CREATE INDEX "machines_search_name" ON "machines" USING btree ((lower("name") collate "C"),"name","id") INCLUDE ("serial_number","qrcode","customer_id","machine_model_id","asset_type_id","partner_company_id","is_active");--> statement-breakpoint
CREATE INDEX "customers_search_name" ON "customers" USING btree ((lower("name") collate "C"),"name","id") INCLUDE ("customer_number","organisation_number","default_delivery_address_id","partner_company_id","customer_group_id");--> statement-breakpoint
-- users_words: a user's name, email, logon name and phone (users.repository.ts userWords), where pg_trgm
-- exists (as migration 0020's indexes): the users' list search read every user and checked four fields.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
    CREATE INDEX "users_words" ON "users" USING gin (("name" || ' ' || "email" || ' ' || "logon_name" || ' ' || "phone") gin_trgm_ops);
  END IF;
END $$;
