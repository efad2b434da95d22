-- Issue 31 (decision 090): the customer's signature on a job, one per job, captured on the technician's phone.
CREATE TABLE "job_signatures" (
	"job_id" integer PRIMARY KEY NOT NULL,
	"signer_name" text NOT NULL,
	"signed_at" timestamp with time zone NOT NULL,
	"captured_by" integer NOT NULL,
	"png" "bytea" NOT NULL
);
--> statement-breakpoint
ALTER TABLE "job_signatures" ADD CONSTRAINT "job_signatures_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_signatures" ADD CONSTRAINT "job_signatures_captured_by_users_id_fk" FOREIGN KEY ("captured_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;