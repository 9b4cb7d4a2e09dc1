ALTER TYPE "public"."pricing_status" ADD VALUE 'failed';--> statement-breakpoint
ALTER TABLE "auction_pricing" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "auction_pricing" ADD COLUMN "last_error" text;--> statement-breakpoint
ALTER TABLE "auction_pricing" ADD COLUMN "failed_at" timestamp with time zone;