CREATE TABLE "contract_machines" (
	"contract_id" integer NOT NULL,
	"machine_id" integer NOT NULL,
	CONSTRAINT "contract_machines_contract_id_machine_id_pk" PRIMARY KEY("contract_id","machine_id")
);
--> statement-breakpoint
CREATE TABLE "contract_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"icon" text DEFAULT 'Description' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contracts" (
	"id" serial PRIMARY KEY NOT NULL,
	"contract_type_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"name" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date,
	"interval_months" integer,
	"price" numeric(14, 2),
	"notes" text DEFAULT '' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"row_version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "contracts_period" CHECK ("contracts"."end_date" is null or "contracts"."end_date" >= "contracts"."start_date")
);
--> statement-breakpoint
CREATE TABLE "counter_readings" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"counter_id" integer NOT NULL,
	"value" numeric(14, 1) NOT NULL,
	"read_at" timestamp with time zone NOT NULL,
	"is_meter_change" boolean DEFAULT false NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "counters" (
	"id" serial PRIMARY KEY NOT NULL,
	"machine_id" integer NOT NULL,
	"counter_type" smallint NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"row_version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_agreements" (
	"id" serial PRIMARY KEY NOT NULL,
	"machine_id" integer NOT NULL,
	"contract_id" integer,
	"name" text NOT NULL,
	"start_date" date NOT NULL,
	"interval_months" integer,
	"counter_id" integer,
	"counter_interval" numeric(14, 1),
	"last_service_date" date,
	"last_service_counter" numeric(14, 1),
	"last_job_id" integer,
	"job_type_id" integer DEFAULT 1 NOT NULL,
	"estimated_time" numeric(8, 2) DEFAULT '1' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"row_version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "service_agreements_due" CHECK ("service_agreements"."interval_months" is not null or ("service_agreements"."counter_id" is not null and "service_agreements"."counter_interval" is not null))
);
--> statement-breakpoint
ALTER TABLE "contract_machines" ADD CONSTRAINT "contract_machines_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_machines" ADD CONSTRAINT "contract_machines_machine_id_machines_id_fk" FOREIGN KEY ("machine_id") REFERENCES "public"."machines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_contract_type_id_contract_types_id_fk" FOREIGN KEY ("contract_type_id") REFERENCES "public"."contract_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "counter_readings" ADD CONSTRAINT "counter_readings_counter_id_counters_id_fk" FOREIGN KEY ("counter_id") REFERENCES "public"."counters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "counter_readings" ADD CONSTRAINT "counter_readings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "counters" ADD CONSTRAINT "counters_machine_id_machines_id_fk" FOREIGN KEY ("machine_id") REFERENCES "public"."machines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_agreements" ADD CONSTRAINT "service_agreements_machine_id_machines_id_fk" FOREIGN KEY ("machine_id") REFERENCES "public"."machines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_agreements" ADD CONSTRAINT "service_agreements_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_agreements" ADD CONSTRAINT "service_agreements_counter_id_counters_id_fk" FOREIGN KEY ("counter_id") REFERENCES "public"."counters"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_agreements" ADD CONSTRAINT "service_agreements_last_job_id_jobs_id_fk" FOREIGN KEY ("last_job_id") REFERENCES "public"."jobs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_agreements" ADD CONSTRAINT "service_agreements_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contract_machines_machine" ON "contract_machines" USING btree ("machine_id");--> statement-breakpoint
CREATE UNIQUE INDEX "contract_types_name" ON "contract_types" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "contracts_type" ON "contracts" USING btree ("contract_type_id","is_active");--> statement-breakpoint
CREATE INDEX "contracts_customer" ON "contracts" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "counter_readings_counter" ON "counter_readings" USING btree ("counter_id","read_at","id");--> statement-breakpoint
CREATE INDEX "counters_machine" ON "counters" USING btree ("machine_id");--> statement-breakpoint
CREATE INDEX "service_agreements_machine" ON "service_agreements" USING btree ("machine_id");--> statement-breakpoint
CREATE INDEX "service_agreements_contract" ON "service_agreements" USING btree ("contract_id");