CREATE TABLE "lead_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"row_version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "leads" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"contact_name" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"street" text DEFAULT '' NOT NULL,
	"zip" text DEFAULT '' NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"country" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"lead_type_id" integer,
	"converted_customer_id" integer,
	"converted_job_id" integer,
	"converted_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"row_version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "projects" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"row_version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sms_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"to" text NOT NULL,
	"text" text NOT NULL,
	"status" text NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "token_keys" (
	"id" serial PRIMARY KEY NOT NULL,
	"secret" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "import_files" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"file_path" text NOT NULL,
	"file_name" text NOT NULL,
	"status" text DEFAULT 'previewed' NOT NULL,
	"row_count" integer DEFAULT 0 NOT NULL,
	"new_count" integer DEFAULT 0 NOT NULL,
	"problems" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"report" jsonb,
	"task_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contract_types" ADD COLUMN "names" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "service_agreements" ADD COLUMN "date_due" date GENERATED ALWAYS AS (case when interval_months is null then null when last_service_date is null then start_date else (last_service_date + interval_months * interval '1 month')::date end) STORED;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "entra_tenant_id" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "entra_object_id" text;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "request_id" text;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_lead_type_id_lead_types_id_fk" FOREIGN KEY ("lead_type_id") REFERENCES "public"."lead_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_converted_customer_id_customers_id_fk" FOREIGN KEY ("converted_customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_converted_job_id_jobs_id_fk" FOREIGN KEY ("converted_job_id") REFERENCES "public"."jobs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_files" ADD CONSTRAINT "import_files_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "lead_types_name_unique" ON "lead_types" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "leads_type" ON "leads" USING btree ("lead_type_id");--> statement-breakpoint
CREATE INDEX "leads_created" ON "leads" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "projects_name_unique" ON "projects" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "import_files_created" ON "import_files" USING btree ("created_at");--> statement-breakpoint
UPDATE "jobs" SET "project_id" = NULL WHERE "project_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "service_agreements_date_due" ON "service_agreements" USING btree ("date_due") WHERE "service_agreements"."is_active";--> statement-breakpoint
CREATE INDEX "service_agreements_counter" ON "service_agreements" USING btree ("counter_id") WHERE "service_agreements"."is_active" and "service_agreements"."counter_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "users_entra_identity_unique" ON "users" USING btree ("entra_tenant_id","entra_object_id");--> statement-breakpoint
CREATE INDEX "event_log_user" ON "event_log" USING btree ("user_id","id");--> statement-breakpoint
-- agree2: an install that has no contract types yet gets the built-in ones (seed/reference-data.ts
-- CONTRACT_TYPES, names from reference.json), so the Agreements menu and the contract form have types.
-- A database with types of its own is left as it is.
INSERT INTO "contract_types" ("id", "name", "icon", "position", "names")
SELECT v.id, v.name, v.icon, v.position, v.names FROM (VALUES
  (1, 'Full service', 'Build', 1, '{"en": "Full service", "no": "Fullservice", "sv": "Fullservice", "zh-CN": "全面服务", "zh-HK": "全面服務"}'::jsonb),
  (2, 'Preventive maintenance', 'EventRepeat', 2, '{"en": "Preventive maintenance", "no": "Forebyggende vedlikehold", "sv": "Förebyggande underhåll", "zh-CN": "预防性维护", "zh-HK": "預防性維護"}'::jsonb),
  (3, 'Inspection', 'VerifiedUser', 3, '{"en": "Inspection", "no": "Inspeksjon", "sv": "Inspektion", "zh-CN": "检验", "zh-HK": "檢驗"}'::jsonb),
  (4, 'Warranty extension', 'Description', 4, '{"en": "Warranty extension", "no": "Utvidet garanti", "sv": "Utökad garanti", "zh-CN": "延长保修", "zh-HK": "延長保養"}'::jsonb)
) AS v(id, name, icon, position, names)
WHERE NOT EXISTS (SELECT 1 FROM "contract_types");--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('contract_types', 'id'), greatest((SELECT max(id) FROM "contract_types"), 1));
