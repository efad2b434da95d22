ALTER TABLE "users" ADD COLUMN "work_start" smallint;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "work_end" smallint;