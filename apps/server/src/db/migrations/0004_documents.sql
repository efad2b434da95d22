CREATE TABLE "documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"entity_class" text NOT NULL,
	"entity_id" integer NOT NULL,
	"name" text NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"document_type_category_id" integer DEFAULT 1 NOT NULL,
	"publish_to_customer" boolean DEFAULT false NOT NULL,
	"storage_path" text NOT NULL,
	"created_by_id" integer,
	"created_by_name" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "documents_storagePath_unique" UNIQUE("storage_path"),
	CONSTRAINT "documents_entity_class" CHECK ("documents"."entity_class" in ('Machine', 'MachineModel', 'MachineType', 'Supplier', 'Customer', 'Job'))
);
--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "documents_entity" ON "documents" USING btree ("entity_class","entity_id","id");