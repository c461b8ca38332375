import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { hashSessionId, newCsrfToken, newSessionId } from '../src/auth/session-token';
import type { Database } from '../src/db/client';
import { txRows } from '../src/db/tx';
import { createSandboxToken } from '../src/payments/sandbox/sandbox-token';

/** One confirm request of a load run: whose session, which idempotency key, which body. */
export interface CheckoutAttempt {
  member: number;
  key: string;
  body: string;
}

export interface CheckoutFixture {
  productId: number;
  /** The product's slug: its page is /api/products/{slug}/. */
  slug: string;
  variationId: number;
  /** First tries (one per member) and retries repeating a first try's key and body, shuffled. */
  attempts: CheckoutAttempt[];
  sessionOf(attempt: CheckoutAttempt): { cookie: string; csrf: string };
}

/**
 * A product with one variation of `stock` units and a benefit limited to `benefits`, and
 * `members` members each holding a logged-in session, a default address and that variation in
 * the cart, inserted in bulk. Every attempt pays by card (a sandbox token). With `reservation`,
 * the product is released in 90 days and reservable, so each cart is a reservation; with
 * `disabledBefore`, it cannot be bought before that instant (its sale start).
 */
export async function createCheckoutFixture(
  db: Database,
  options: {
    stock: number;
    benefits: number;
    members: number;
    attempts: number;
    reservation?: boolean;
    disabledBefore?: Date;
  },
): Promise<CheckoutFixture> {
  const releaseDate = options.reservation
    ? new Date(Date.now() + 90 * 86_400_000).toISOString().slice(0, 10)
    : null;
  const slug = `bench-${randomBytes(4).toString('hex')}`;
  const [product] = await txRows<{ id: number }>(
    db.orm,
    sql`insert into products (slug, title, categories, genre, cover_image, search_title, search_text,
          sell_start_date, disabled_before)
        values (${slug}, 'ベンチ限定版', array['コミック'], 'comic', '/covers/bench.png', 'ベンチ限定版', 'ベンチ限定版',
          ${releaseDate}, ${options.disabledBefore?.toISOString() ?? null})
        returning id`,
  );
  if (product === undefined) throw new Error('product insert failed');
  const [variation] = await txRows<{ id: number }>(
    db.orm,
    sql`insert into variations (product_id, name, unit_price, point_value, in_stock, stock_quantity,
          sell_start_date, can_reserve)
        values (${product.id}, '限定版', 3300, 33, true, ${options.stock}, ${releaseDate},
          ${options.reservation ?? false}) returning id`,
  );
  if (variation === undefined) throw new Error('variation insert failed');
  await db.orm.execute(
    sql`insert into benefits (product_id, title, available_max_num, distributed)
        values (${product.id}, '特製ブロマイド', ${options.benefits}, true)`,
  );
  const members = await txRows<{ id: number }>(
    db.orm,
    sql`insert into members (email, password_hash, name, birth_date)
        select 'bench-' || ${slug} || '-' || g || '@example.jp', '$scrypt$unused', 'ベンチ 会員', '1990-01-01'
        from generate_series(1, ${options.members}) g returning id`,
  );
  const memberIds = members.map((m) => m.id);
  const ids = sql.join(
    memberIds.map((id) => sql`(${id}::int)`),
    sql`, `,
  );
  const addresses = await txRows<{ id: number; memberId: number }>(
    db.orm,
    sql`insert into shipping_addresses (member_id, postal_code, prefecture, city, street, last_name, first_name,
          last_name_kana, first_name_kana, phone, is_default)
        select m.id, '101-0021', '東京都', '千代田区外神田', '1-2-3', '山田', '太郎', 'ヤマダ', 'タロウ', '0312345678', true
        from (values ${ids}) as m(id) returning id, member_id as "memberId"`,
  );
  await db.orm.execute(
    sql`with c as (insert into carts (member_id) select m.id from (values ${ids}) as m(id) returning id)
        insert into cart_lines (cart_id, variation_id, quantity) select c.id, ${variation.id}, 1 from c`,
  );
  const now = new Date();
  const expires = new Date(now.getTime() + 3600_000).toISOString();
  const sessions = memberIds.map(() => ({ cookie: newSessionId(), csrf: newCsrfToken() }));
  await db.orm.execute(
    sql`insert into sessions (id_hash, member_id, csrf_token, created_at, last_seen_at, expires_at) values ${sql.join(
      memberIds.map(
        (id, i) =>
          sql`(${hashSessionId(sessions[i]?.cookie ?? '')}, ${id}, ${sessions[i]?.csrf}, ${now.toISOString()}, ${now.toISOString()}, ${expires})`,
      ),
      sql`, `,
    )}`,
  );
  const addressOf = new Map(addresses.map((a) => [a.memberId, a.id]));
  const first: CheckoutAttempt[] = memberIds.map((memberId, i) => ({
    member: i,
    key: crypto.randomUUID(),
    body: JSON.stringify({
      shippingMethod: 'home_delivery',
      paymentMethod: 'credit_card',
      addressId: addressOf.get(memberId),
      card: { token: createSandboxToken({ outcome: 'ok' }) },
    }),
  }));
  const attempts = [...first];
  for (let i = 0; attempts.length < options.attempts; i++) {
    attempts.push(first[(i * 7) % first.length] as CheckoutAttempt);
  }
  // Retries are interleaved with first tries, so some run concurrently with them.
  attempts.sort(() => Math.random() - 0.5);
  return {
    productId: product.id,
    slug,
    variationId: variation.id,
    attempts,
    sessionOf: (attempt) => sessions[attempt.member] ?? { cookie: '', csrf: '' },
  };
}

/** What the audit of a checkout run counts (see `auditCheckouts`). */
export interface CheckoutAudit {
  orders: number;
  units: number;
  stock: number;
  benefits: number;
  claimedCount: number;
  duplicates: number;
  chargesWithoutOrder: number;
  ordersWithoutItems: number;
  ordersWithoutPayment: number;
}

/**
 * Audits a run from the database alone: units sold against the stock left, benefits against
 * their counter, members with more than one order, and authorisations at the gateway without
 * an order (voided ones do not count: they were undone).
 */
export async function auditCheckouts(db: Database, productId: number, variationId: number) {
  const [audit] = await txRows<CheckoutAudit>(
    db.orm,
    sql`select
        (select count(distinct i.order_id)::int from order_items i join orders o on o.id = i.order_id
          where i.variation_id = ${variationId} and o.status <> 'cancelled') as orders,
        (select coalesce(sum(i.quantity), 0)::int from order_items i join orders o on o.id = i.order_id
          where i.variation_id = ${variationId} and o.status <> 'cancelled') as units,
        (select stock_quantity from variations where id = ${variationId}) as stock,
        (select coalesce(sum(c.quantity), 0)::int from benefit_claims c join benefits b on b.id = c.benefit_id
          where b.product_id = ${productId} and c.released_at is null) as benefits,
        (select claimed_count from benefits where product_id = ${productId}) as "claimedCount",
        (select coalesce(sum(n - 1), 0)::int from (select count(*) as n from order_details d
          join order_items i on i.order_id = d.order_id where i.variation_id = ${variationId}
          group by d.member_id having count(*) > 1) dup) as duplicates,
        (select count(*)::int from sandbox_transactions t where t.status in ('authorized', 'captured')
          and not exists (select 1 from payments p where p.gateway_order_id = t.gateway_order_id
            and p.order_id is not null)) as "chargesWithoutOrder",
        (select count(*)::int from orders o where not exists (select 1 from order_items i where i.order_id = o.id)
          or not exists (select 1 from order_details d where d.order_id = o.id)) as "ordersWithoutItems",
        (select count(*)::int from order_details d where d.payment_method = 'credit_card' and d.amount_due > 0
          and not exists (select 1 from payments p where p.order_id = d.order_id and p.status = 'authorized'))
          as "ordersWithoutPayment"`,
  );
  if (audit === undefined) throw new Error('audit failed');
  return audit;
}

/** The audit's counts as the checkout benchmarks print them, with how far each limit was passed. */
export function auditFigures(audit: CheckoutAudit, limits: { stock: number; benefits: number }) {
  return {
    orders: audit.orders,
    units_sold: audit.units,
    oversold: Math.max(0, audit.units - limits.stock),
    benefits_granted: audit.benefits,
    benefits_over: Math.max(0, audit.benefits - limits.benefits),
    duplicate_orders: audit.duplicates,
    charges_without_order: audit.chargesWithoutOrder,
  };
}

/**
 * The name of each invariant of a checkout run that the audit shows broken (none: the run kept
 * them all), for a variation that had `stock` units and a benefit limited to `benefits`.
 * bench:checkout and test:crash both fail on any.
 */
export function brokenInvariants(
  audit: CheckoutAudit,
  limits: { stock: number; benefits: number },
): string[] {
  const broken: string[] = [];
  if (audit.units > limits.stock) broken.push('oversold');
  // An order without its stock claim, or stock taken without an order.
  if (audit.units + audit.stock !== limits.stock) broken.push('stock_mismatch');
  if (audit.benefits > limits.benefits) broken.push('benefits_over');
  if (audit.claimedCount !== audit.benefits) broken.push('benefit_counter_mismatch');
  if (audit.duplicates > 0) broken.push('duplicate_orders');
  if (audit.chargesWithoutOrder > 0) broken.push('charges_without_order');
  if (audit.ordersWithoutItems > 0) broken.push('partial_orders');
  if (audit.ordersWithoutPayment > 0) broken.push('card_orders_without_payment');
  return broken;
}
