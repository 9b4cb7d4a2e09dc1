CREATE TYPE "public"."pendency_kind" AS ENUM('overdue_installments', 'reactivation', 'retention', 'document', 'signer_data', 'bank_data');--> statement-breakpoint
CREATE TYPE "public"."pendency_status" AS ENUM('open', 'paid', 'cleared', 'cancelled');--> statement-breakpoint
CREATE TYPE "public"."ticket_kind" AS ENUM('REACTIVATION_FIRST_INSTALLMENT', 'REACTIVATION_FINES_AND_INTERESTS_TICKET', 'RETENTION_FIRST_INSTALLMENT', 'RETENTION_FINES_AND_INTERESTS_TICKET', 'zip_payment_ticket');--> statement-breakpoint
CREATE TABLE "pendency_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"pendency_id" uuid NOT NULL,
	"share_id" uuid NOT NULL,
	"ticket_id" uuid,
	"file_id" uuid NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"paid_date" date NOT NULL,
	"registered_by" uuid,
	"registered_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pendency_tickets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"pendency_id" uuid NOT NULL,
	"share_id" uuid NOT NULL,
	"kind" "ticket_kind" NOT NULL,
	"file_id" uuid NOT NULL,
	"line" text,
	"amount" numeric(14, 2) NOT NULL,
	"due_date" date NOT NULL,
	"added_by" uuid,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Pendencies written before issue 15 carried free-text kinds (the demo's Portuguese slugs): each is
-- mapped to the kind it meant, anything else to "document" (its description still says what it was).
ALTER TABLE "pendencies" ALTER COLUMN "kind" SET DATA TYPE "public"."pendency_kind" USING (CASE
	WHEN "kind" IN ('overdue_installments', 'reactivation', 'retention', 'document', 'signer_data', 'bank_data') THEN "kind"
	WHEN "kind" = 'debito_em_aberto' THEN 'overdue_installments'
	WHEN "kind" = 'dados_bancarios' THEN 'bank_data'
	WHEN "kind" = 'assinatura_divergente' THEN 'signer_data'
	ELSE 'document'
END)::"public"."pendency_kind";--> statement-breakpoint
ALTER TABLE "pendencies" ADD COLUMN "status" "pendency_status" DEFAULT 'open' NOT NULL;--> statement-breakpoint
ALTER TABLE "pendencies" ADD COLUMN "document_type" "document_type";--> statement-breakpoint
ALTER TABLE "pendencies" ADD COLUMN "amount" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "pendencies" ADD COLUMN "payment_type" "payment_type";--> statement-breakpoint
ALTER TABLE "pendencies" ADD COLUMN "due_date" date;--> statement-breakpoint
ALTER TABLE "pendencies" ADD COLUMN "return_state" "share_state";--> statement-breakpoint
ALTER TABLE "pendencies" ADD COLUMN "cleared_by" uuid;--> statement-breakpoint
ALTER TABLE "pendencies" ADD COLUMN "clear_note" text;--> statement-breakpoint
ALTER TABLE "share_history" ADD COLUMN "pendency_id" uuid;--> statement-breakpoint
ALTER TABLE "pendency_payments" ADD CONSTRAINT "pendency_payments_pendency_id_pendencies_id_fk" FOREIGN KEY ("pendency_id") REFERENCES "public"."pendencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pendency_payments" ADD CONSTRAINT "pendency_payments_share_id_shares_id_fk" FOREIGN KEY ("share_id") REFERENCES "public"."shares"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pendency_payments" ADD CONSTRAINT "pendency_payments_ticket_id_pendency_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."pendency_tickets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pendency_payments" ADD CONSTRAINT "pendency_payments_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pendency_payments" ADD CONSTRAINT "pendency_payments_registered_by_users_id_fk" FOREIGN KEY ("registered_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pendency_tickets" ADD CONSTRAINT "pendency_tickets_pendency_id_pendencies_id_fk" FOREIGN KEY ("pendency_id") REFERENCES "public"."pendencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pendency_tickets" ADD CONSTRAINT "pendency_tickets_share_id_shares_id_fk" FOREIGN KEY ("share_id") REFERENCES "public"."shares"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pendency_tickets" ADD CONSTRAINT "pendency_tickets_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pendency_tickets" ADD CONSTRAINT "pendency_tickets_added_by_users_id_fk" FOREIGN KEY ("added_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pendency_payments_pendency_idx" ON "pendency_payments" USING btree ("pendency_id","registered_at");--> statement-breakpoint
CREATE INDEX "pendency_tickets_pendency_idx" ON "pendency_tickets" USING btree ("pendency_id","added_at");--> statement-breakpoint
ALTER TABLE "pendencies" ADD CONSTRAINT "pendencies_cleared_by_users_id_fk" FOREIGN KEY ("cleared_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pendencies_open_share_idx" ON "pendencies" USING btree ("share_id","opened_at") WHERE "pendencies"."resolved_at" is null;--> statement-breakpoint
-- Earlier rows: a resolved pendency was cleared, or cancelled when its share's sale was cancelled
-- at that moment; an open one returns the share to the state it was raised from.
UPDATE "pendencies" p SET "status" = CASE
	WHEN EXISTS (SELECT 1 FROM "cancellations" c WHERE c."share_id" = p."share_id" AND c."at" = p."resolved_at") THEN 'cancelled'::"public"."pendency_status"
	ELSE 'cleared'::"public"."pendency_status"
END WHERE p."resolved_at" IS NOT NULL;--> statement-breakpoint
UPDATE "pendencies" p SET "return_state" = s."previous_state" FROM "shares" s WHERE s."id" = p."share_id" AND p."resolved_at" IS NULL AND s."state" = 'with_pendency';
