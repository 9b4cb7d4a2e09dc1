ALTER TABLE "audit_log" ADD COLUMN "contract_number" text;--> statement-breakpoint
CREATE INDEX "audit_log_user_idx" ON "audit_log" USING btree ("user_id","at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_adm_idx" ON "audit_log" USING btree ("adm_id","at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_contract_idx" ON "audit_log" USING btree ("contract_number","at" DESC NULLS LAST) WHERE "audit_log"."contract_number" is not null;--> statement-breakpoint
CREATE INDEX "audit_log_action_idx" ON "audit_log" USING btree ("action","at" DESC NULLS LAST);