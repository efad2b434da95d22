CREATE TABLE "change_logs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"entity" text NOT NULL,
	"entity_id" integer NOT NULL,
	"action" text NOT NULL,
	"customer_id" integer,
	"machine_id" integer,
	"description" text DEFAULT '' NOT NULL,
	"changes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"user_id" integer,
	"user_name" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "qr_codes" (
	"code" text PRIMARY KEY NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "credit_limit_exceeded" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "change_logs_customer" ON "change_logs" USING btree ("customer_id","id");--> statement-breakpoint
CREATE INDEX "change_logs_machine" ON "change_logs" USING btree ("machine_id","id");