-- Issue 32, security (decision 087): no label token in clear. A label token is now derived from a secret
-- outside the database and a per-machine nonce; only SHA-256 of tokens is kept. The labels printed
-- before keep working: SHA-256 of each machine's random token (decision 070) is kept as its legacy hash
-- (sha256() is core PostgreSQL, in PGlite too) until "New label link" drops it.
ALTER TABLE "machines" ADD COLUMN "label_nonce" text DEFAULT replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '') NOT NULL;--> statement-breakpoint
ALTER TABLE "machines" ADD COLUMN "label_token_hash" text;--> statement-breakpoint
ALTER TABLE "machines" ADD COLUMN "label_legacy_hash" text;--> statement-breakpoint
UPDATE "machines" SET "label_legacy_hash" = encode(sha256(convert_to("label_token", 'UTF8')), 'hex');--> statement-breakpoint
DROP INDEX "machines_label_token_unique";--> statement-breakpoint
ALTER TABLE "machines" DROP COLUMN "label_token";--> statement-breakpoint
CREATE UNIQUE INDEX "machines_label_token_hash_unique" ON "machines" USING btree ("label_token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "machines_label_legacy_hash_unique" ON "machines" USING btree ("label_legacy_hash");
