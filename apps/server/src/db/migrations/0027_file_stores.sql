CREATE TABLE "stored_file_parts" (
	"path" text NOT NULL,
	"part" integer NOT NULL,
	"data" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stored_file_parts_path_part_pk" PRIMARY KEY("path","part")
);
--> statement-breakpoint
ALTER TABLE "stored_file_parts" ALTER COLUMN "data" SET STORAGE EXTERNAL;
