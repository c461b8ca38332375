import { type SQL, sql } from 'drizzle-orm';
import type { CheckoutKind } from './schemas';

// The sold-out fast path of confirmCheckout. After a popular item sells out, almost every
// confirm is doomed: it is refused here, in the statement that looks its idempotency key up,
// instead of after the cart, the member and the address have been read and priced. The truth
// stays the database: the condition reads each line's stock as the transaction that took the
// last unit left it (a restock is seen by the next request), and it holds only when a line
// wants more than is left, so nothing is refused while the units it asks for remain. A key
// already used is never refused here: its answer (a completed order) is replayed as before.

/**
 * A boolean SQL expression: some line of the checkout (the member's cart) or reservation (the
 * items) wants more units than its variation has left. Reads the cart through its unique
 * member index and each variation by id.
 */
export function wantsMoreThanLeft(
  kind: CheckoutKind,
  memberId: number,
  items: { variationId: number; quantity: number }[] | undefined,
): SQL {
  switch (kind) {
    case 'checkout':
      // Items with a checkout are bad input: the full path answers that (items_not_allowed).
      if (items !== undefined) return sql`false`;
      return sql`exists (select 1 from carts c join cart_lines l on l.cart_id = c.id
        join variations v on v.id = l.variation_id
        where c.member_id = ${memberId} and v.stock_quantity < l.quantity)`;
    case 'reserve':
      if (items === undefined || items.length === 0) return sql`false`;
      return sql`exists (select 1 from variations v join (values ${sql.join(
        items.map((i) => sql`(${i.variationId}::int, ${i.quantity}::int)`),
        sql`, `,
      )}) as i(variation_id, quantity) on v.id = i.variation_id
        where v.stock_quantity < i.quantity)`;
    default:
      return kind satisfies never;
  }
}
