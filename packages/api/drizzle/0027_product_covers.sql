CREATE TABLE "product_covers" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"image" "bytea" NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"uploaded_at" timestamp with time zone NOT NULL,
	CONSTRAINT "product_covers_name_unique" UNIQUE("name")
);
--> statement-breakpoint
ALTER TABLE "product_covers" ADD CONSTRAINT "product_covers_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;