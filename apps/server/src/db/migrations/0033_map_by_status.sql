-- The map's jobs of some statuses (maps/NearbyJobs; issue 33): parent jobs by status and delivery
-- address, with the columns the map's filters, scope and order read (as jobs_place), so the planner's
-- plannable statuses (a few tens of thousands of a million jobs) are hash-joined to the box's
-- addresses on this index alone instead of probing jobs_place once per address in a wide box.
CREATE INDEX "jobs_map_status" ON "jobs" USING btree ("job_status_id","delivery_address_id") INCLUDE ("id","created_at","job_type_id","order_department_id","customer_id") WHERE "jobs"."parent_id" is null and "jobs"."delivery_address_id" is not null;
