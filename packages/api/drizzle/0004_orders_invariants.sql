-- Invariants the database enforces itself, behind the code's own checks (docs/reliability.md).

-- Stock and benefits: never fewer than zero units left, never more benefits handed out than exist.
ALTER TABLE "variations" ADD CONSTRAINT "variations_stock_not_negative" CHECK ("stock_quantity" >= 0);
--> statement-breakpoint
ALTER TABLE "benefits" ADD CONSTRAINT "benefits_claims_within_limit" CHECK ("claimed_count" >= 0 AND "claimed_count" <= "available_max_num");
--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_status_known" CHECK ("status" IN ('reserved', 'awaiting_payment', 'preparing', 'shipped', 'cancelled', 'bundled'));
--> statement-breakpoint

-- Points: the ledger is append-only; the balance is the ledger's running sum, maintained by the
-- ledger's insert trigger alone, and point_balances' CHECK (balance >= 0) refuses an overdraft.
CREATE FUNCTION "point_ledger_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Create the row at zero first: an upsert would check CHECK (balance >= 0) on the proposed
  -- row (the bare amount) before resolving the conflict, refusing every debit.
  INSERT INTO "point_balances" ("member_id", "balance") VALUES (NEW."member_id", 0)
  ON CONFLICT ("member_id") DO NOTHING;
  UPDATE "point_balances" SET "balance" = "balance" + NEW."amount" WHERE "member_id" = NEW."member_id";
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "point_ledger_apply" AFTER INSERT ON "point_ledger"
  FOR EACH ROW EXECUTE FUNCTION "point_ledger_apply"();
--> statement-breakpoint
CREATE FUNCTION "point_ledger_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'point_ledger is append-only' USING ERRCODE = 'restrict_violation';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "point_ledger_append_only" BEFORE UPDATE OR DELETE ON "point_ledger"
  FOR EACH ROW EXECUTE FUNCTION "point_ledger_append_only"();
--> statement-breakpoint
CREATE TRIGGER "point_ledger_no_truncate" BEFORE TRUNCATE ON "point_ledger"
  FOR EACH STATEMENT EXECUTE FUNCTION "point_ledger_append_only"();
--> statement-breakpoint
-- Only the ledger trigger may write a balance (it runs at trigger depth 2 or more).
CREATE FUNCTION "point_balances_only_from_ledger"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF pg_trigger_depth() < 2 THEN
    RAISE EXCEPTION 'point_balances is written by the point_ledger trigger only' USING ERRCODE = 'restrict_violation';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "point_balances_only_from_ledger" BEFORE INSERT OR UPDATE OR DELETE ON "point_balances"
  FOR EACH ROW EXECUTE FUNCTION "point_balances_only_from_ledger"();
