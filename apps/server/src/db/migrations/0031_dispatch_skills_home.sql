ALTER TABLE "job_types" ADD COLUMN "skills" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "skills" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "home_latitude" double precision;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "home_longitude" double precision;