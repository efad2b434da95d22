ALTER TABLE "contract_types" ADD COLUMN "row_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "service_agreements" ADD COLUMN "end_date" date;--> statement-breakpoint
ALTER TABLE "service_agreements" ADD CONSTRAINT "service_agreements_period" CHECK ("service_agreements"."end_date" is null or "service_agreements"."end_date" >= "service_agreements"."start_date");