ALTER TABLE "job_priorities" ADD COLUMN "row_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "job_types" ADD COLUMN "row_version" integer DEFAULT 1 NOT NULL;