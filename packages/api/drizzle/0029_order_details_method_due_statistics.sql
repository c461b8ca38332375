-- The back office's overdue filter (payment method and due date, src/admin/order-queries.ts): only
-- transfers have a due date, which the planner cannot know from each column's statistics alone; it
-- then estimated a hundredth of the overdue orders and read them all instead of walking 入金待ち
-- newest first (docs/performance.md, "Back office order list").
CREATE STATISTICS "order_details_method_due_stats" (mcv) ON "payment_method", "payment_due_date" FROM "order_details";
