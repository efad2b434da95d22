-- helper "articles" (issue 14): articles as an owner kind of documents (the article's resources tab).
-- Also change the check in apps/server/src/db/schema/documents.ts (documents_entity_class) to list 'Article'.
ALTER TABLE "documents" DROP CONSTRAINT "documents_entity_class";--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_entity_class" CHECK ("documents"."entity_class" in ('Machine', 'MachineModel', 'MachineType', 'Supplier', 'Customer', 'Job', 'Article'));
