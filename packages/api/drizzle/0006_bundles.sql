ALTER TABLE "bundles" ADD COLUMN "idempotency_key" text NOT NULL;--> statement-breakpoint
ALTER TABLE "bundles" ADD COLUMN "request_hash" text NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "bundles_member_key_idx" ON "bundles" USING btree ("member_id","idempotency_key");--> statement-breakpoint
ALTER TABLE "bundles" ADD CONSTRAINT "bundles_amounts" CHECK ("bundles"."shipping_fee" >= 0 and "bundles"."saving" >= 0);