-- Issue 32 (decision 085): the last position of a technician On my way (one row per appointment, no history),
-- the sub-status that sets On my way (the seed's Travelling), and the per-customer switch of the label's form.
CREATE TABLE "way_positions" (
	"appointment_id" integer PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"recorded_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "job_sub_statuses" ADD COLUMN "sets_on_my_way" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "label_reports_enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "way_positions" ADD CONSTRAINT "way_positions_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "way_positions" ADD CONSTRAINT "way_positions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
UPDATE "job_sub_statuses" SET "sets_on_my_way" = true WHERE "id" = 5 AND "job_status_id" = 30 AND "name" = 'Travelling';
