ALTER TABLE "shipping_addresses" ADD COLUMN "country" text DEFAULT 'JP' NOT NULL;--> statement-breakpoint
ALTER TABLE "shipping_addresses" ADD COLUMN "full_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "shipping_addresses" ADD COLUMN "line1" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "shipping_addresses" ADD COLUMN "line2" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "shipping_addresses" ADD COLUMN "region" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "shipping_addresses" ADD CONSTRAINT "shipping_addresses_one_kind" CHECK (("shipping_addresses"."country" = 'JP' and "shipping_addresses"."line1" = '') or ("shipping_addresses"."country" <> 'JP' and "shipping_addresses"."prefecture" = '' and "shipping_addresses"."line1" <> ''));