ALTER TABLE "order_items" ALTER COLUMN "unit_price" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "order_details" ADD COLUMN "price_pending" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "order_details" ADD COLUMN "price_decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_details" ADD COLUMN "pending_card_id" integer;--> statement-breakpoint
CREATE INDEX "order_details_price_pending_idx" ON "order_details" USING btree ("order_id") WHERE "order_details"."price_pending";