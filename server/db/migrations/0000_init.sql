CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TYPE "public"."auction_status" AS ENUM('created', 'pricing', 'canceled', 'processing', 'live', 'finished');--> statement-breakpoint
CREATE TYPE "public"."document_type" AS ENUM('TRANSFER_INVOICE', 'LATE_INVOICE', 'SIGNED_CONTRACT', 'TRANSFER_RECEIPT', 'CNH', 'RG_WITH_CPF', 'RNE_WITH_CPF', 'PROOF_OF_ADDRESS', 'COMPANY_CONTRACT', 'CNPJ_CARD', 'PAYMENT_PROOF', 'TRANSFER_FEE', 'SELFIE_WITH_DOCUMENT', 'DECLARATION_OF_RESIDENCE', 'CONTRACT_SUMMARY', 'TERM_OF_ASSIGNMENT_ADM', 'COMPANY_CONTRACT_PDF', 'ALL_DOCUMENTS_ZIP', 'CIN');--> statement-breakpoint
CREATE TYPE "public"."owner_role" AS ENUM('owner', 'partner');--> statement-breakpoint
CREATE TYPE "public"."payment_type" AS ENUM('payment_fines_and_interest', 'payment_in_full', 'split_in_installments', 'payment_post_award');--> statement-breakpoint
CREATE TYPE "public"."pricing_status" AS ENUM('in_validation', 'validation_ok', 'validation_error', 'in_processing', 'processed');--> statement-breakpoint
CREATE TYPE "public"."share_state" AS ENUM('available', 'sent_to_autoservice', 'accepted_by_client', 'received_from_client', 'approved_by_adm', 'payment_done', 'with_pendency');--> statement-breakpoint
CREATE TABLE "adm_configs" (
	"adm_id" integer PRIMARY KEY NOT NULL,
	"allow_multiprices" boolean DEFAULT false NOT NULL,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "administrators" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"cnpj" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auction_pricing" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"auction_id" uuid NOT NULL,
	"file_id" uuid,
	"status" "pricing_status" DEFAULT 'in_validation' NOT NULL,
	"row_errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"rows" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auction_status_history" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"auction_id" uuid NOT NULL,
	"from_status" "auction_status",
	"to_status" "auction_status" NOT NULL,
	"user_id" uuid,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auctions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"adm_id" integer,
	"is_auction" boolean NOT NULL,
	"status" "auction_status" DEFAULT 'created' NOT NULL,
	"config" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auth_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"public_id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"code_hash" text,
	"expires_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"verified_at" timestamp with time zone,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "banks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"share_id" uuid NOT NULL,
	"name" text,
	"code" text,
	"agency" text,
	"account" text,
	"selected" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cancel_reasons" (
	"id" text PRIMARY KEY NOT NULL,
	"label" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cancellations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"share_id" uuid NOT NULL,
	"reason_id" text NOT NULL,
	"detail" text,
	"from_state" "share_state" NOT NULL,
	"user_id" uuid,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "companies" (
	"share_id" uuid PRIMARY KEY NOT NULL,
	"name" text,
	"cnpj" text,
	"primary_phone" text,
	"email" text,
	"address" jsonb,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key" text NOT NULL,
	"name" text NOT NULL,
	"size" integer,
	"content_type" text,
	"document_type" "document_type",
	"total_parts" integer DEFAULT 1 NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"share_id" uuid,
	"auction_id" uuid,
	"adm_slug" text,
	"uploaded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "funds" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"cnpj" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pendencies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"share_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"description" text,
	"opened_by" uuid,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "persons" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"share_id" uuid NOT NULL,
	"signer_order" smallint NOT NULL,
	"owner_role" "owner_role" DEFAULT 'owner' NOT NULL,
	"name" text,
	"cpf" text,
	"phone" text,
	"email" text,
	"rg" text,
	"document_dispatcher" text,
	"occupation" text,
	"marital_status" text,
	"nationality" text,
	"address" jsonb,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "player_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"file_id" uuid NOT NULL,
	"file_type" text NOT NULL,
	"player_ids" integer[] NOT NULL,
	"sent_by" uuid,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "players" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"document" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"fund_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "process_status_history" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"share_id" uuid NOT NULL,
	"step" smallint NOT NULL,
	"state" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "proposals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"share_id" uuid NOT NULL,
	"player_id" integer,
	"fund_id" integer,
	"price" numeric(14, 2) NOT NULL,
	"payment_type" "payment_type" DEFAULT 'payment_in_full' NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"selected" boolean DEFAULT false NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "share_history" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"share_id" uuid NOT NULL,
	"action" text NOT NULL,
	"from_state" "share_state",
	"to_state" "share_state",
	"user_id" uuid,
	"files" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"note" text,
	"request_key" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shares" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"contract_number" text NOT NULL,
	"state" "share_state" DEFAULT 'available' NOT NULL,
	"previous_state" "share_state",
	"is_pj" boolean DEFAULT false NOT NULL,
	"adm_id" integer NOT NULL,
	"fund_id" integer,
	"process_step" smallint DEFAULT 0 NOT NULL,
	"sent_to_partner" boolean DEFAULT false NOT NULL,
	"group_code" text,
	"quota_code" text,
	"credit_value" numeric(14, 2),
	"owner_name" text,
	"owner_document" text,
	"search" text GENERATED ALWAYS AS (lower(coalesce("shares"."contract_number", '') || ' ' || coalesce("shares"."owner_name", '') || ' ' || coalesce("shares"."owner_document", ''))) STORED,
	"canceled_at" timestamp with time zone,
	"cancel_reason" text,
	"transfer_responsible_id" uuid,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"password_hash" text NOT NULL,
	"profiles" text[] NOT NULL,
	"adm_id" integer,
	"fund_id" integer,
	"player_is_repasse" boolean DEFAULT false NOT NULL,
	"denied_permissions" text[] DEFAULT '{}'::text[] NOT NULL,
	"last_access" timestamp with time zone,
	"must_change_password" boolean DEFAULT false NOT NULL,
	"password_expires_at" timestamp with time zone,
	"failed_logins" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "white_label_configs" (
	"adm_id" integer PRIMARY KEY NOT NULL,
	"label_id" text NOT NULL,
	"cnpj" text NOT NULL,
	"adm_id_by_cnpj" text NOT NULL,
	"allow_multiprices" boolean DEFAULT false NOT NULL,
	"display_documents_in_backoffice" boolean DEFAULT false NOT NULL,
	"favicon" text,
	"name" text NOT NULL,
	"colors" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "adm_configs" ADD CONSTRAINT "adm_configs_adm_id_administrators_id_fk" FOREIGN KEY ("adm_id") REFERENCES "public"."administrators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auction_pricing" ADD CONSTRAINT "auction_pricing_auction_id_auctions_id_fk" FOREIGN KEY ("auction_id") REFERENCES "public"."auctions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auction_pricing" ADD CONSTRAINT "auction_pricing_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auction_status_history" ADD CONSTRAINT "auction_status_history_auction_id_auctions_id_fk" FOREIGN KEY ("auction_id") REFERENCES "public"."auctions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auction_status_history" ADD CONSTRAINT "auction_status_history_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auctions" ADD CONSTRAINT "auctions_adm_id_administrators_id_fk" FOREIGN KEY ("adm_id") REFERENCES "public"."administrators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auctions" ADD CONSTRAINT "auctions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_codes" ADD CONSTRAINT "auth_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "banks" ADD CONSTRAINT "banks_share_id_shares_id_fk" FOREIGN KEY ("share_id") REFERENCES "public"."shares"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cancellations" ADD CONSTRAINT "cancellations_share_id_shares_id_fk" FOREIGN KEY ("share_id") REFERENCES "public"."shares"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cancellations" ADD CONSTRAINT "cancellations_reason_id_cancel_reasons_id_fk" FOREIGN KEY ("reason_id") REFERENCES "public"."cancel_reasons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cancellations" ADD CONSTRAINT "cancellations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_share_id_shares_id_fk" FOREIGN KEY ("share_id") REFERENCES "public"."shares"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_share_id_shares_id_fk" FOREIGN KEY ("share_id") REFERENCES "public"."shares"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pendencies" ADD CONSTRAINT "pendencies_share_id_shares_id_fk" FOREIGN KEY ("share_id") REFERENCES "public"."shares"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pendencies" ADD CONSTRAINT "pendencies_opened_by_users_id_fk" FOREIGN KEY ("opened_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "persons" ADD CONSTRAINT "persons_share_id_shares_id_fk" FOREIGN KEY ("share_id") REFERENCES "public"."shares"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_files" ADD CONSTRAINT "player_files_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_files" ADD CONSTRAINT "player_files_sent_by_users_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "players" ADD CONSTRAINT "players_fund_id_funds_id_fk" FOREIGN KEY ("fund_id") REFERENCES "public"."funds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "process_status_history" ADD CONSTRAINT "process_status_history_share_id_shares_id_fk" FOREIGN KEY ("share_id") REFERENCES "public"."shares"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposals" ADD CONSTRAINT "proposals_share_id_shares_id_fk" FOREIGN KEY ("share_id") REFERENCES "public"."shares"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposals" ADD CONSTRAINT "proposals_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposals" ADD CONSTRAINT "proposals_fund_id_funds_id_fk" FOREIGN KEY ("fund_id") REFERENCES "public"."funds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_history" ADD CONSTRAINT "share_history_share_id_shares_id_fk" FOREIGN KEY ("share_id") REFERENCES "public"."shares"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_history" ADD CONSTRAINT "share_history_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shares" ADD CONSTRAINT "shares_adm_id_administrators_id_fk" FOREIGN KEY ("adm_id") REFERENCES "public"."administrators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shares" ADD CONSTRAINT "shares_fund_id_funds_id_fk" FOREIGN KEY ("fund_id") REFERENCES "public"."funds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shares" ADD CONSTRAINT "shares_transfer_responsible_id_users_id_fk" FOREIGN KEY ("transfer_responsible_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_adm_id_administrators_id_fk" FOREIGN KEY ("adm_id") REFERENCES "public"."administrators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_fund_id_funds_id_fk" FOREIGN KEY ("fund_id") REFERENCES "public"."funds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "white_label_configs" ADD CONSTRAINT "white_label_configs_adm_id_administrators_id_fk" FOREIGN KEY ("adm_id") REFERENCES "public"."administrators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auctions_adm_idx" ON "auctions" USING btree ("adm_id","updated_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "auth_codes_public_id_key" ON "auth_codes" USING btree ("public_id");--> statement-breakpoint
CREATE INDEX "banks_share_idx" ON "banks" USING btree ("share_id");--> statement-breakpoint
CREATE INDEX "cancellations_share_idx" ON "cancellations" USING btree ("share_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "files_key_key" ON "files" USING btree ("key");--> statement-breakpoint
CREATE INDEX "files_share_idx" ON "files" USING btree ("share_id");--> statement-breakpoint
CREATE INDEX "pendencies_share_idx" ON "pendencies" USING btree ("share_id");--> statement-breakpoint
CREATE UNIQUE INDEX "persons_share_order_key" ON "persons" USING btree ("share_id","signer_order");--> statement-breakpoint
CREATE INDEX "process_status_history_share_idx" ON "process_status_history" USING btree ("share_id","at");--> statement-breakpoint
CREATE INDEX "proposals_share_idx" ON "proposals" USING btree ("share_id");--> statement-breakpoint
CREATE INDEX "share_history_share_idx" ON "share_history" USING btree ("share_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "share_history_request_key" ON "share_history" USING btree ("request_key");--> statement-breakpoint
CREATE UNIQUE INDEX "shares_contract_number_key" ON "shares" USING btree ("contract_number");--> statement-breakpoint
CREATE INDEX "shares_updated_idx" ON "shares" USING btree ("updated_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "shares_adm_updated_idx" ON "shares" USING btree ("adm_id","updated_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "shares_fund_updated_idx" ON "shares" USING btree ("fund_id","updated_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "shares_state_updated_idx" ON "shares" USING btree ("state","updated_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "shares_adm_state_updated_idx" ON "shares" USING btree ("adm_id","state","updated_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "shares_canceled_idx" ON "shares" USING btree ("canceled_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "shares"."canceled_at" is not null;--> statement-breakpoint
CREATE INDEX "shares_search_trgm_idx" ON "shares" USING gin ("search" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "users_profile_idx" ON "users" USING btree (("profiles"[1]));--> statement-breakpoint
CREATE UNIQUE INDEX "white_label_configs_label_id_key" ON "white_label_configs" USING btree ("label_id");