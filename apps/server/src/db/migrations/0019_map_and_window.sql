-- The placed addresses in the map's box: a range on latitude, longitude checked in the index, the id
-- read from it too (an index-only scan; 11,000 of 60,000 addresses for 20 km of Oslo). Before, every
-- address was read (Seq Scan), and as a generic plan once per job.
CREATE INDEX "addresses_place" ON "addresses" USING btree ("latitude","longitude","id") WHERE "addresses"."latitude" is not null and "addresses"."longitude" is not null;
--> statement-breakpoint
-- The parent jobs at those addresses, probed once per address of the box: the columns the map filters
-- on (status, type, department), the scope reads (customer) and it orders by (created, id) are
-- included, so the newest 10,000 are chosen from the index alone and only they are read from jobs.
-- Before, the planner walked a million parent jobs (jobs_parent) to keep those in the box.
CREATE INDEX "jobs_place" ON "jobs" USING btree ("delivery_address_id") INCLUDE ("id","created_at","job_status_id","job_type_id","order_department_id","customer_id") WHERE "jobs"."parent_id" is null;
--> statement-breakpoint
-- The planner's window (Scheduler/DateRange): appointments with start_time < to and end_time > from.
-- With years of history, start_time < to keeps nearly every appointment, so appointments_time cannot
-- narrow the scan and the planner read the table whole (measured: 416,000 appointments, a Seq Scan
-- for this week's 16,000); end_time > from keeps only the window's and later ones, and start_time
-- is checked in the index. A week a year back reads 3,800 rows through it in 8 ms.
CREATE INDEX "appointments_end" ON "appointments" USING btree ("end_time","start_time");
