-- Issue 32 item 1 (decision 070): every machine gets a random label token (existing ones too: the
-- volatile default is evaluated per row), the per-machine exclusion, and the label reports counted
-- for the public form's rate limit.
CREATE TABLE "label_reports" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"machine_id" integer NOT NULL,
	"address" text NOT NULL,
	"job_id" integer,
	"reported_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "machines" ADD COLUMN "label_token" text DEFAULT replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '') NOT NULL;--> statement-breakpoint
ALTER TABLE "machines" ADD COLUMN "label_reports_excluded" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "label_reports" ADD CONSTRAINT "label_reports_machine_id_machines_id_fk" FOREIGN KEY ("machine_id") REFERENCES "public"."machines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "label_reports" ADD CONSTRAINT "label_reports_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "label_reports_machine" ON "label_reports" USING btree ("machine_id","reported_at");--> statement-breakpoint
CREATE INDEX "label_reports_address" ON "label_reports" USING btree ("address","reported_at");--> statement-breakpoint
CREATE UNIQUE INDEX "machines_label_token_unique" ON "machines" USING btree ("label_token");