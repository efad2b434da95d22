-- The map's points (maps/NearbyJobs; issue 33, decision 082): each job carries its delivery address's
-- point, kept by the triggers below (never written by the server), so a view's jobs are one range of an
-- index read alone: by status and point (the planner's plannable statuses), or by point for every
-- status. Replaces jobs_map_status, which hash-joined every job of the statuses to the view's addresses
-- (30-40 ms a read at a million jobs, whatever the view).
DROP INDEX "jobs_map_status";--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "place_latitude" double precision;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "place_longitude" double precision;--> statement-breakpoint
UPDATE "jobs" SET "place_latitude" = a."latitude", "place_longitude" = a."longitude"
  FROM "addresses" a
  WHERE a."id" = "jobs"."delivery_address_id" AND "jobs"."parent_id" IS NULL AND a."latitude" IS NOT NULL AND a."longitude" IS NOT NULL;--> statement-breakpoint
-- A parent job takes its address's point when it is made or given another address (a sub-job none).
CREATE FUNCTION "jobs_take_place"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."place_latitude" := NULL;
  NEW."place_longitude" := NULL;
  IF NEW."parent_id" IS NULL AND NEW."delivery_address_id" IS NOT NULL THEN
    SELECT a."latitude", a."longitude" INTO NEW."place_latitude", NEW."place_longitude"
      FROM "addresses" a WHERE a."id" = NEW."delivery_address_id";
    IF NEW."place_latitude" IS NULL OR NEW."place_longitude" IS NULL THEN
      NEW."place_latitude" := NULL;
      NEW."place_longitude" := NULL;
    END IF;
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "jobs_take_place" BEFORE INSERT OR UPDATE OF "parent_id", "delivery_address_id", "place_latitude", "place_longitude" ON "jobs"
  FOR EACH ROW EXECUTE FUNCTION "jobs_take_place"();--> statement-breakpoint
-- An address placed, moved or unplaced moves its jobs' points with it.
CREATE FUNCTION "addresses_move_jobs"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "jobs" SET "delivery_address_id" = "delivery_address_id" WHERE "delivery_address_id" = NEW."id" AND "parent_id" IS NULL;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "addresses_move_jobs" AFTER UPDATE OF "latitude", "longitude" ON "addresses"
  FOR EACH ROW WHEN (OLD."latitude" IS DISTINCT FROM NEW."latitude" OR OLD."longitude" IS DISTINCT FROM NEW."longitude")
  EXECUTE FUNCTION "addresses_move_jobs"();--> statement-breakpoint
CREATE INDEX "jobs_map_place" ON "jobs" USING btree ("job_status_id","place_latitude","place_longitude") INCLUDE ("id","created_at","job_type_id","order_department_id","customer_id") WHERE "jobs"."parent_id" is null and "jobs"."place_latitude" is not null;--> statement-breakpoint
CREATE INDEX "jobs_map_point" ON "jobs" USING btree ("place_latitude","place_longitude") INCLUDE ("id","created_at","job_status_id","job_type_id","order_department_id","customer_id") WHERE "jobs"."parent_id" is null and "jobs"."place_latitude" is not null;
