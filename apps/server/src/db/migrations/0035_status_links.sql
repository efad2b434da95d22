-- Issue 32 item 2 (decision 072): the customer's status links of a job (only the SHA-256 of each random
-- token is stored; revoking stamps them), and when a technician set out to an appointment ("On my way").
CREATE TABLE "status_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"job_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "on_my_way_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "status_links" ADD CONSTRAINT "status_links_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "status_links_token_hash" ON "status_links" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "status_links_job" ON "status_links" USING btree ("job_id");