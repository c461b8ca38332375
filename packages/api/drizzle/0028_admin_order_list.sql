DROP INDEX "orders_placed_idx";--> statement-breakpoint
CREATE INDEX "orders_placed_id_idx" ON "orders" USING btree ("placed_at","id");--> statement-breakpoint
CREATE INDEX "orders_status_placed_idx" ON "orders" USING btree ("status","placed_at","id");--> statement-breakpoint
CREATE INDEX "notification_outbox_member_idx" ON "notification_outbox" USING btree ("member_id","id") WHERE "notification_outbox"."member_id" is not null;--> statement-breakpoint
CREATE INDEX "order_details_release_idx" ON "order_details" USING btree ("release_date") WHERE "order_details"."release_date" is not null;