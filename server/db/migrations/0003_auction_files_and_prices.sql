CREATE TABLE "auction_files" (
	"file_id" uuid PRIMARY KEY NOT NULL,
	"auction_id" uuid NOT NULL,
	"file_type" text NOT NULL,
	"added_by" uuid,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auction_share_prices" (
	"pricing_id" uuid NOT NULL,
	"share_id" uuid NOT NULL,
	"auction_id" uuid NOT NULL,
	"price" numeric(14, 2) NOT NULL,
	CONSTRAINT "auction_share_prices_pricing_id_share_id_pk" PRIMARY KEY("pricing_id","share_id")
);
--> statement-breakpoint
ALTER TABLE "auction_pricing" ADD COLUMN "priced_rows" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "auction_files" ADD CONSTRAINT "auction_files_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auction_files" ADD CONSTRAINT "auction_files_auction_id_auctions_id_fk" FOREIGN KEY ("auction_id") REFERENCES "public"."auctions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auction_files" ADD CONSTRAINT "auction_files_added_by_users_id_fk" FOREIGN KEY ("added_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auction_share_prices" ADD CONSTRAINT "auction_share_prices_pricing_id_auction_pricing_id_fk" FOREIGN KEY ("pricing_id") REFERENCES "public"."auction_pricing"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auction_share_prices" ADD CONSTRAINT "auction_share_prices_share_id_shares_id_fk" FOREIGN KEY ("share_id") REFERENCES "public"."shares"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auction_share_prices" ADD CONSTRAINT "auction_share_prices_auction_id_auctions_id_fk" FOREIGN KEY ("auction_id") REFERENCES "public"."auctions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auction_files_auction_idx" ON "auction_files" USING btree ("auction_id","added_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "auction_share_prices_auction_idx" ON "auction_share_prices" USING btree ("auction_id","share_id");--> statement-breakpoint
CREATE INDEX "auction_pricing_auction_idx" ON "auction_pricing" USING btree ("auction_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "auction_status_history_auction_idx" ON "auction_status_history" USING btree ("auction_id","at");--> statement-breakpoint
CREATE INDEX "auctions_updated_idx" ON "auctions" USING btree ("updated_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
-- Demo data seeded before this migration: configs named by `title` and row errors without a code.
UPDATE "auctions" SET "config" = ("config" - 'title') || jsonb_build_object('name', "config"->>'title') WHERE "config" ? 'title';--> statement-breakpoint
UPDATE "auction_pricing" SET "row_errors" = (SELECT coalesce(jsonb_agg(jsonb_build_object('row', e->'row', 'code', 'priceInvalid')), '[]'::jsonb) FROM jsonb_array_elements("row_errors") e) WHERE jsonb_array_length("row_errors") > 0 AND NOT ("row_errors"->0 ? 'code');
