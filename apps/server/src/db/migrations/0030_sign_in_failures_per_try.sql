-- Decision 058: one row per failed try instead of a count per key (the old counts are dropped: at worst a
-- guesser's last 15 minutes are forgotten).
DROP TABLE "sign_in_failures" CASCADE;--> statement-breakpoint
CREATE TABLE "sign_in_failures" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account" text NOT NULL,
	"address" text NOT NULL,
	"failed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "sign_in_failures_account" ON "sign_in_failures" USING btree ("account","failed_at");--> statement-breakpoint
CREATE INDEX "sign_in_failures_address" ON "sign_in_failures" USING btree ("address","failed_at");