CREATE TABLE "articles" (
	"id" serial PRIMARY KEY NOT NULL,
	"article_number" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"unit" text DEFAULT 'pcs' NOT NULL,
	"cost_price" numeric(12, 2) DEFAULT '0' NOT NULL,
	"sales_price" numeric(12, 2) DEFAULT '0' NOT NULL,
	"vat_percent" numeric(5, 2) DEFAULT '25' NOT NULL,
	"is_time_article" boolean DEFAULT false NOT NULL,
	"is_stock_item" boolean DEFAULT true NOT NULL,
	"supplier_id" integer,
	"supplier_article_number" text DEFAULT '' NOT NULL,
	"ean" text DEFAULT '' NOT NULL,
	"image_path" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"row_version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "common_parts" (
	"machine_model_id" integer NOT NULL,
	"article_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"quantity" numeric(12, 3) DEFAULT '1' NOT NULL,
	CONSTRAINT "common_parts_machine_model_id_article_id_pk" PRIMARY KEY("machine_model_id","article_id")
);
--> statement-breakpoint
CREATE TABLE "customer_article_prices" (
	"customer_id" integer NOT NULL,
	"article_id" integer NOT NULL,
	"unit_price" numeric(12, 2),
	"discount_percent" numeric(5, 2) DEFAULT '0' NOT NULL,
	CONSTRAINT "customer_article_prices_customer_id_article_id_pk" PRIMARY KEY("customer_id","article_id")
);
--> statement-breakpoint
CREATE TABLE "job_category_articles" (
	"id" serial PRIMARY KEY NOT NULL,
	"job_category_id" integer NOT NULL,
	"article_id" integer NOT NULL,
	"quantity" numeric(12, 3) DEFAULT '1' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"parent_job_id" integer NOT NULL,
	"job_id" integer NOT NULL,
	"article_id" integer,
	"article_number" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"unit" text DEFAULT 'pcs' NOT NULL,
	"quantity" numeric(12, 3) NOT NULL,
	"unit_price" numeric(12, 2) DEFAULT '0' NOT NULL,
	"cost_price" numeric(12, 2) DEFAULT '0' NOT NULL,
	"discount_percent" numeric(5, 2) DEFAULT '0' NOT NULL,
	"vat_percent" numeric(5, 2) DEFAULT '25' NOT NULL,
	"store_id" integer,
	"is_time" boolean DEFAULT false NOT NULL,
	"user_id" integer,
	"work_date" date,
	"no_invoice" boolean DEFAULT false NOT NULL,
	"linked_to_line_id" integer,
	"position" integer DEFAULT 0 NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"row_version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stock_movements" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"store_id" integer NOT NULL,
	"article_id" integer NOT NULL,
	"quantity" numeric(12, 3) NOT NULL,
	"reason" smallint NOT NULL,
	"order_line_id" integer,
	"is_locked" boolean DEFAULT false NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "store_articles" (
	"store_id" integer NOT NULL,
	"article_id" integer NOT NULL,
	"location" text DEFAULT '' NOT NULL,
	"min_quantity" numeric(12, 3) DEFAULT '0' NOT NULL,
	CONSTRAINT "store_articles_store_id_article_id_pk" PRIMARY KEY("store_id","article_id")
);
--> statement-breakpoint
CREATE TABLE "stores" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"store_type" smallint DEFAULT 1 NOT NULL,
	"user_id" integer,
	"allow_negative" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"row_version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "change_logs" ADD COLUMN "article_id" integer;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "project_id" integer;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "service_manager_comment" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "articles" ADD CONSTRAINT "articles_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "common_parts" ADD CONSTRAINT "common_parts_machine_model_id_machine_models_id_fk" FOREIGN KEY ("machine_model_id") REFERENCES "public"."machine_models"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "common_parts" ADD CONSTRAINT "common_parts_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_article_prices" ADD CONSTRAINT "customer_article_prices_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_article_prices" ADD CONSTRAINT "customer_article_prices_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_category_articles" ADD CONSTRAINT "job_category_articles_job_category_id_job_categories_id_fk" FOREIGN KEY ("job_category_id") REFERENCES "public"."job_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_category_articles" ADD CONSTRAINT "job_category_articles_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_parent_job_id_jobs_id_fk" FOREIGN KEY ("parent_job_id") REFERENCES "public"."jobs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_articles" ADD CONSTRAINT "store_articles_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_articles" ADD CONSTRAINT "store_articles_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stores" ADD CONSTRAINT "stores_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "articles_number_unique" ON "articles" USING btree (lower("article_number"));--> statement-breakpoint
CREATE INDEX "articles_list_name" ON "articles" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "common_parts_article" ON "common_parts" USING btree ("article_id");--> statement-breakpoint
CREATE UNIQUE INDEX "job_category_articles_unique" ON "job_category_articles" USING btree ("job_category_id","article_id");--> statement-breakpoint
CREATE INDEX "order_lines_parent" ON "order_lines" USING btree ("parent_job_id","job_id","position");--> statement-breakpoint
CREATE INDEX "order_lines_job" ON "order_lines" USING btree ("job_id");--> statement-breakpoint
CREATE INDEX "order_lines_article" ON "order_lines" USING btree ("article_id");--> statement-breakpoint
CREATE INDEX "order_lines_user_date" ON "order_lines" USING btree ("user_id","work_date");--> statement-breakpoint
-- A store's stock of an article is the sum of its movements, read from this index alone.
CREATE INDEX "stock_movements_store_article" ON "stock_movements" USING btree ("store_id","article_id") INCLUDE ("quantity");--> statement-breakpoint
CREATE INDEX "stock_movements_article" ON "stock_movements" USING btree ("article_id");--> statement-breakpoint
CREATE INDEX "stock_movements_line" ON "stock_movements" USING btree ("order_line_id");--> statement-breakpoint
CREATE INDEX "stock_movements_created" ON "stock_movements" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "store_articles_article" ON "store_articles" USING btree ("article_id");--> statement-breakpoint
CREATE INDEX "stores_user" ON "stores" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "change_logs_article" ON "change_logs" USING btree ("article_id","id");