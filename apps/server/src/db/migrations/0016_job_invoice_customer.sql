ALTER TABLE "jobs" ADD COLUMN "invoice_customer_id" integer;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "invoice_contact_id" integer;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_invoice_customer_id_customers_id_fk" FOREIGN KEY ("invoice_customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_invoice_contact_id_customer_persons_id_fk" FOREIGN KEY ("invoice_contact_id") REFERENCES "public"."customer_persons"("id") ON DELETE no action ON UPDATE no action;