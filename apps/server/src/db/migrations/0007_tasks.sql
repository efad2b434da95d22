CREATE TABLE "export_files" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"task_id" bigint,
	"file_path" text NOT NULL,
	"file_name" text NOT NULL,
	"size" integer NOT NULL,
	"displayed_date" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "task_plans" (
	"name" text PRIMARY KEY NOT NULL,
	"task_name" text NOT NULL,
	"cron" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"next_run_at" timestamp with time zone,
	"last_run_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "tasks" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"display_text" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'created' NOT NULL,
	"progress" integer,
	"input" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"result" jsonb,
	"error" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_by" integer,
	"keep_in_notification_bar" boolean DEFAULT false NOT NULL,
	"discreet" boolean DEFAULT false NOT NULL,
	"plan_name" text,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "export_files" ADD CONSTRAINT "export_files_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "export_files_user" ON "export_files" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "tasks_waiting" ON "tasks" USING btree ("run_at","id") WHERE "tasks"."status" = 'created';--> statement-breakpoint
CREATE INDEX "tasks_running" ON "tasks" USING btree ("locked_until") WHERE "tasks"."status" = 'update';--> statement-breakpoint
CREATE INDEX "tasks_owner" ON "tasks" USING btree ("created_by","id");