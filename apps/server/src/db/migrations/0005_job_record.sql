CREATE SEQUENCE "public"."job_order_numbers" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 10001 CACHE 1;--> statement-breakpoint
ALTER TABLE "change_logs" ADD COLUMN "job_id" integer;--> statement-breakpoint
CREATE INDEX "change_logs_job" ON "change_logs" USING btree ("job_id","id");--> statement-breakpoint
-- Past every numeric order id of a parent job already stored (the demo, imports), so none is given twice.
SELECT setval('job_order_numbers', greatest(10000, coalesce((SELECT max(order_id::bigint) FROM jobs WHERE parent_id IS NULL AND order_id ~ '^[0-9]{1,15}$'), 0)));
