-- The machine tab's list (issue 13): a machine's jobs are the parents of its lines (jobs_machine gives
-- their ids); their creation times come from this index alone, not from each parent's row (some 3,000
-- row reads for a busy machine over a million jobs). drizzle cannot declare INCLUDE.
CREATE INDEX "jobs_parent_created" ON "jobs" USING btree ("id") INCLUDE ("created_at") WHERE "jobs"."parent_id" is null;
