-- The back office's content and members (docs/backoffice.md): drafts (a null publication
-- date), the top page's banner order, the contact inbox's status and note, staff point
-- adjustments (kind adjust, with a reason), and the content revision the top page's cache keys on.
CREATE TABLE "cache_revisions" (
	"area" text PRIMARY KEY NOT NULL,
	"revision" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "point_ledger" DROP CONSTRAINT "point_ledger_sign";--> statement-breakpoint
ALTER TABLE "gallery_entries" ALTER COLUMN "published_at" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "news" ALTER COLUMN "published_at" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "showcases" ALTER COLUMN "starts_at" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "status" text DEFAULT 'new' NOT NULL;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "staff_note" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "updated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "showcases" ADD COLUMN "banner_position" integer;--> statement-breakpoint
ALTER TABLE "point_ledger" ADD COLUMN "reason" text;--> statement-breakpoint
CREATE INDEX "contact_messages_status_idx" ON "contact_messages" USING btree ("status","id");--> statement-breakpoint
CREATE UNIQUE INDEX "showcases_banner_position_idx" ON "showcases" USING btree ("banner_position") WHERE "showcases"."banner_position" is not null;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD CONSTRAINT "contact_messages_status_known" CHECK ("contact_messages"."status" in ('new', 'in_progress', 'done'));--> statement-breakpoint
ALTER TABLE "showcases" ADD CONSTRAINT "showcases_banner_position_positive" CHECK ("showcases"."banner_position" > 0);--> statement-breakpoint
ALTER TABLE "showcases" ADD CONSTRAINT "showcases_window" CHECK ("showcases"."ends_at" is null or "showcases"."starts_at" is null or "showcases"."ends_at" > "showcases"."starts_at");--> statement-breakpoint
ALTER TABLE "point_ledger" ADD CONSTRAINT "point_ledger_adjust_reason" CHECK (("point_ledger"."kind" = 'adjust') = ("point_ledger"."reason" is not null));--> statement-breakpoint
ALTER TABLE "point_ledger" ADD CONSTRAINT "point_ledger_sign" CHECK (("point_ledger"."kind" in ('grant', 'refund') and "point_ledger"."amount" > 0) or ("point_ledger"."kind" in ('use', 'cancel', 'expiry') and "point_ledger"."amount" < 0) or ("point_ledger"."kind" = 'adjust' and "point_ledger"."amount" <> 0));--> statement-breakpoint
-- The content area's revision starts at 0; back office writes bump it (services/content-revision.ts).
INSERT INTO "cache_revisions" ("area", "revision") VALUES ('content', 0);
