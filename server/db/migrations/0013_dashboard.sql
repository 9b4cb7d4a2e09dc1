ALTER TABLE "shares" ADD COLUMN "state_since" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- Existing shares: the last move into their current state, else their creation.
UPDATE "shares" SET "state_since" = coalesce((SELECT max(h."at") FROM "share_history" h WHERE h."share_id" = "shares"."id" AND h."to_state" = "shares"."state"), "shares"."created_at");--> statement-breakpoint
CREATE INDEX "share_history_at_idx" ON "share_history" USING btree ("at");--> statement-breakpoint
CREATE INDEX "shares_state_since_idx" ON "shares" USING btree ("state","state_since");--> statement-breakpoint
CREATE INDEX "shares_adm_state_since_idx" ON "shares" USING btree ("adm_id","state","state_since");--> statement-breakpoint
CREATE INDEX "shares_fund_state_since_idx" ON "shares" USING btree ("fund_id","state","state_since");--> statement-breakpoint
CREATE INDEX "shares_step_idx" ON "shares" USING btree ("process_step");--> statement-breakpoint
CREATE INDEX "shares_adm_step_idx" ON "shares" USING btree ("adm_id","process_step");--> statement-breakpoint
CREATE INDEX "shares_fund_step_idx" ON "shares" USING btree ("fund_id","process_step");