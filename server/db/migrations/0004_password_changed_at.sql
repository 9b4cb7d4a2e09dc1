ALTER TABLE "users" ADD COLUMN "password_changed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "auth_codes_user_created_idx" ON "auth_codes" USING btree ("user_id","created_at");