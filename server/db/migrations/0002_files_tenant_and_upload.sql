ALTER TABLE "files" ADD COLUMN "adm_id" integer;--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "upload_id" text;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_adm_id_administrators_id_fk" FOREIGN KEY ("adm_id") REFERENCES "public"."administrators"("id") ON DELETE no action ON UPDATE no action;