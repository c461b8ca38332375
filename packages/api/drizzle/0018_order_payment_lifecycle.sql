ALTER TABLE "order_details" ADD COLUMN "payment_account" jsonb;--> statement-breakpoint
ALTER TABLE "order_details" ADD COLUMN "payment_due_date" date;--> statement-breakpoint
ALTER TABLE "order_details" ADD COLUMN "carrier" text;--> statement-breakpoint
ALTER TABLE "order_details" ADD COLUMN "tracking_number" text;--> statement-breakpoint
CREATE INDEX "order_details_payment_due_idx" ON "order_details" USING btree ("payment_due_date") WHERE "order_details"."payment_due_date" is not null and "order_details"."paid_at" is null;--> statement-breakpoint
ALTER TABLE "order_details" ADD CONSTRAINT "order_details_tracking" CHECK (("order_details"."carrier" is null) = ("order_details"."tracking_number" is null) and "order_details"."carrier" in ('yamato', 'sagawa', 'japan_post'));--> statement-breakpoint
-- Orders already waiting for a transfer get the due date their instructions printed
-- (PAYMENT_DUE_DAYS, 7, after the JST day they were placed), so the reminder and the automatic
-- cancellation apply to them too; their account was printed from the payee settings of the time
-- and is not recoverable here.
UPDATE "order_details" d SET "payment_due_date" = ((o."placed_at" AT TIME ZONE 'Asia/Tokyo')::date + 7)
FROM "orders" o WHERE o."id" = d."order_id" AND o."status" = 'awaiting_payment' AND d."paid_at" IS NULL;
