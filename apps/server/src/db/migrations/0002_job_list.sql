-- The job list over a million jobs (ENGINEERING.md budget; measured by bench/job-list.ts).
-- Parent jobs are listed newest first, alone or by status, sub-status or customer: one index each,
-- in that order. Each INCLUDEs the other filter columns (drizzle cannot declare INCLUDE, so it is
-- written here; the schema in db/schema/jobs.ts declares the keys), so department, type and
-- priority filters and the bounded counts read the index alone. jobs_status is superseded.
DROP INDEX "jobs_status";--> statement-breakpoint
CREATE INDEX "jobs_list_created" ON "jobs" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) INCLUDE ("job_status_id","job_sub_status_id","job_type_id","job_priority_id","order_department_id","customer_id") WHERE "jobs"."parent_id" is null;--> statement-breakpoint
CREATE INDEX "jobs_list_status" ON "jobs" USING btree ("job_status_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) INCLUDE ("job_sub_status_id","job_type_id","job_priority_id","order_department_id","customer_id") WHERE "jobs"."parent_id" is null;--> statement-breakpoint
CREATE INDEX "jobs_list_sub_status" ON "jobs" USING btree ("job_sub_status_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) INCLUDE ("job_status_id","job_type_id","job_priority_id","order_department_id","customer_id") WHERE "jobs"."parent_id" is null and "jobs"."job_sub_status_id" is not null;--> statement-breakpoint
CREATE INDEX "jobs_list_customer" ON "jobs" USING btree ("customer_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) INCLUDE ("job_status_id","job_sub_status_id","job_type_id","job_priority_id","order_department_id") WHERE "jobs"."parent_id" is null;--> statement-breakpoint
-- A machine's jobs tab: its sub-jobs lead to their parents without reading the sub-job rows.
DROP INDEX "jobs_machine";--> statement-breakpoint
CREATE INDEX "jobs_machine" ON "jobs" USING btree ("machine_id") INCLUDE ("parent_id","job_status_id");--> statement-breakpoint
-- A sub-status belongs to one status: without this the planner takes 'status 10 and sub-status 2'
-- for far rarer than it is and sorts every job of the sub-status instead of reading the newest.
CREATE STATISTICS "jobs_status_dependencies" (dependencies) ON "job_status_id","job_sub_status_id" FROM "jobs";--> statement-breakpoint
-- The search: trigram indexes on the words of a parent job and of a customer (the search finds a
-- customer's jobs), where pg_trgm exists (PostgreSQL's contrib; the embedded PGlite does not load
-- it, and searches there without them).
DO $$
BEGIN
  CREATE EXTENSION IF NOT EXISTS pg_trgm;
EXCEPTION WHEN OTHERS THEN
  RAISE NOTICE 'pg_trgm is not available: the job search runs without a trigram index';
END $$;--> statement-breakpoint
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
    CREATE INDEX "jobs_search" ON "jobs" USING gin (("display_name" || ' ' || "first_line_comment" || ' ' || coalesce("order_id", '')) gin_trgm_ops) WHERE "parent_id" is null;
    CREATE INDEX "customers_search" ON "customers" USING gin (("name" || ' ' || "customer_number") gin_trgm_ops);
  END IF;
END $$;
