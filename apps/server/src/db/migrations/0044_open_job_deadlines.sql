-- Issue 33, decision 093. The dashboard's open jobs past or near their priority's deadline: per
-- priority, open parent jobs by creation, so Dashboard/Home counts a range per priority of this index
-- alone (some 35,000 entries on the large company) instead of checking 20,000 parent jobs one by one.
CREATE INDEX "jobs_open_deadline" ON "jobs" USING btree ("job_priority_id","created_at") WHERE "jobs"."parent_id" is null and "jobs"."job_status_id" < 50;--> statement-breakpoint
-- A parent job's point by its id as well as its creation time (INCLUDE, which drizzle cannot declare):
-- Scheduler/Travel reads the points of a day's 3,200 appointments' jobs from this index alone, not
-- each job's row and then its address's.
DROP INDEX "jobs_parent_created";--> statement-breakpoint
CREATE INDEX "jobs_parent_created" ON "jobs" USING btree ("id") INCLUDE ("created_at","place_latitude","place_longitude") WHERE "jobs"."parent_id" is null;
