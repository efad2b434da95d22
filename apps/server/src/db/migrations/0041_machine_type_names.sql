-- Issue 35 item 8 (decision 089): a company's machine types named per language, like the editable
-- lookups of decision 034. `name` stays the stored name and the last fallback; a type without names is
-- read as named by everyone.
ALTER TABLE "machine_types" ADD COLUMN "names" jsonb DEFAULT '{}'::jsonb NOT NULL;
