CREATE TABLE "counters" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "decoy_flows" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"public_id" uuid NOT NULL,
	"email" text NOT NULL,
	"expires_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "counters_expires_idx" ON "counters" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "decoy_flows_public_id_key" ON "decoy_flows" USING btree ("public_id");--> statement-breakpoint
CREATE INDEX "decoy_flows_email_idx" ON "decoy_flows" USING btree ("email","expires_at");--> statement-breakpoint
CREATE INDEX "decoy_flows_created_idx" ON "decoy_flows" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "failed_logins";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "locked_until";