import { createHmac, randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  type APIRequestContext,
  expect,
  type Page,
  request as playwrightRequest,
  type TestInfo,
} from '@playwright/test';
import type { SummaryRow } from '../src/features/preorders/types';
import { BACKOFFICE_E2E_URL, OPERATOR_TOKEN } from './servers';

// What the journeys need besides the browser: the authenticator app (RFC 6238), a shopper who
// orders through the shop's API, the test's own owner (the legacy operator token) to add the
// staff member who then works in the browser, and the mails the shop wrote to its mailbox.

/** A unique suffix per run, so the two viewports' journeys never meet in one database. */
export const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

function base32(text: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const char of text.replace(/=+$/, '').toUpperCase()) {
    const value = alphabet.indexOf(char);
    if (value < 0) throw new Error(`not base32: ${char}`);
    bits += value.toString(2).padStart(5, '0');
  }
  const bytes = bits.match(/.{8}/g) ?? [];
  return Buffer.from(bytes.map((byte) => Number.parseInt(byte, 2)));
}

/** The 6-digit code an authenticator app shows for `secret` (RFC 6238: SHA-1, 30 s steps). */
export function totpCode(secret: string, at = Date.now()): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 30_000)));
  const hmac = createHmac('sha1', base32(secret)).update(counter).digest();
  const offset = (hmac[hmac.length - 1] as number) & 0xf;
  const code = (hmac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000;
  return String(code).padStart(6, '0');
}

/**
 * A code for a new login: the API refuses a code it accepted before (replay guard). After this
 * 30 s step's code was used, the next step's code serves, as from an authenticator whose clock is
 * a little fast: the API accepts one step either side of its clock (packages/api/src/staff/totp.ts).
 * Only when both were used does the test wait for the step to turn.
 */
export async function freshTotpCode(secret: string, used: Set<string>): Promise<string> {
  for (;;) {
    const now = Date.now();
    const code = [totpCode(secret, now), totpCode(secret, now + 30_000)].find((c) => !used.has(c));
    if (code !== undefined) {
      used.add(code);
      return code;
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

const owner = { authorization: `Bearer ${OPERATOR_TOKEN}` };

/** Adds a staff member (role staff) with a temporary password, as an owner would. */
export async function addStaff(
  request: APIRequestContext,
  staff: { email: string; name: string; temporaryPassword: string },
): Promise<void> {
  const response = await request.post('/api/admin/staff/', {
    headers: owner,
    data: { ...staff, role: 'staff' },
  });
  expect(response.status(), await response.text()).toBe(201);
}

/** 予約集計 as the owner reads it through the API (the journey's own page shows the same). */
export async function reservationSummary(request: APIRequestContext): Promise<SummaryRow[]> {
  const response = await request.get('/api/admin/reservations/summary/', { headers: owner });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { items: SummaryRow[] }).items;
}

/** A product's storefront slug, found by its title with the shop's own search. */
export async function productSlug(request: APIRequestContext, title: string): Promise<string> {
  const response = await request.get(`/api/search/?q=${encodeURIComponent(title)}`);
  const { items } = (await response.json()) as { items: { slug: string; title: string }[] };
  const found = items.find((item) => item.title === title);
  if (!found) throw new Error(`no product titled ${title} in the search`);
  return found.slug;
}

/** A shopper with their own cookies, ordering through the storefront's API. */
export class Shopper {
  readonly email = `shopper-${unique()}@example.jp`;
  memberId = 0;
  private addressId = 0;
  private csrf = '';

  private constructor(readonly api: APIRequestContext) {}

  static async register(): Promise<Shopper> {
    const shopper = new Shopper(
      await playwrightRequest.newContext({ baseURL: BACKOFFICE_E2E_URL }),
    );
    await shopper.start();
    return shopper;
  }

  private async post(path: string, data: unknown, headers: Record<string, string> = {}) {
    const response = await this.api.post(path, {
      headers: { 'x-csrf-token': this.csrf, ...headers },
      data,
    });
    expect(response.ok(), `${path}: ${await response.text()}`).toBe(true);
    return response.json();
  }

  private async start() {
    const session = await (await this.api.get('/api/session/')).json();
    this.csrf = session.csrfToken;
    const registered = await this.post('/api/user/register/', {
      email: this.email,
      password: 'shiori-e2e-password',
      name: '栞 花子',
      // An adult: the demo catalog's coming titles include adult ones.
      birthDate: '1990-04-01',
    });
    this.csrf = registered.csrfToken;
    const saved = await this.post('/api/addressbook/', {
      postalCode: '060-0000',
      prefecture: '北海道',
      city: '札幌市中央区',
      street: '北3条西4丁目',
      building: '',
      lastName: '栞',
      firstName: '花子',
      lastNameKana: 'シオリ',
      firstNameKana: 'ハナコ',
      phone: '011-222-3333',
    });
    this.addressId = saved.address.id;
    const me = await (await this.api.get('/api/session/')).json();
    this.memberId = me.member.id;
  }

  /** Buys one copy of a released edition by bank transfer: an order 入金待ち. */
  async buy(variationId: number): Promise<number> {
    await this.post('/api/cart/', { variationId, quantity: 1 });
    const answer = await this.post(
      '/api/reserveshop/checkout/',
      {
        shippingMethod: 'home_delivery',
        paymentMethod: 'bank_transfer',
        addressId: this.addressId,
      },
      { 'idempotency-key': randomUUID() },
    );
    return answer.orders[0].id;
  }

  /** Reserves one copy of an unreleased edition, paid by bank transfer when it ships. */
  async reserve(variationId: number): Promise<number> {
    const answer = await this.post(
      '/api/reserveshop/reserve/',
      {
        shippingMethod: 'home_delivery',
        paymentMethod: 'bank_transfer',
        addressId: this.addressId,
        items: [{ variationId, quantity: 1 }],
      },
      { 'idempotency-key': randomUUID() },
    );
    return answer.orders[0].id;
  }

  /** The shopper's orders as the storefront's order history reads them (its first page: 20). */
  async orders(): Promise<
    { id: number; state: string; tracking: { trackingNumber: string } | null }[]
  > {
    const response = await this.api.get('/api/orders/');
    expect(response.ok(), await response.text()).toBe(true);
    return (await response.json()).orders;
  }
}

/** The subjects of the mails the shop wrote to `to` (DATA_DIR/mailbox, no SMTP_URL). */
export function mailSubjects(to: string): string[] {
  const mailbox = join(process.env.BACKOFFICE_E2E_DATA_DIR ?? '', 'mailbox');
  let names: string[];
  try {
    names = readdirSync(mailbox);
  } catch {
    return [];
  }
  return names
    .filter((name) => name.endsWith('.json'))
    .map(
      (name) =>
        JSON.parse(readFileSync(join(mailbox, name), 'utf8')) as { to: string; subject: string },
    )
    .filter((mail) => mail.to.includes(to))
    .map((mail) => mail.subject);
}

/**
 * A full-page screenshot of the step, kept as a file in the test's output folder (the suite's
 * artefacts, test-results/artifacts/) and attached to the report.
 */
export async function snap(page: Page, testInfo: TestInfo, step: string): Promise<void> {
  const path = testInfo.outputPath(`${testInfo.project.name}-${step}.png`);
  await page.screenshot({ path, fullPage: true });
  await testInfo.attach(`${testInfo.project.name}-${step}`, { path, contentType: 'image/png' });
}

interface SearchItem {
  slug: string;
  is_adult: boolean;
  price_undecided: boolean;
  disabled: boolean;
}

/** `count` editions on sale now and in stock, one per title (each order buys one). */
export async function buyableVariations(
  request: APIRequestContext,
  count: number,
): Promise<number[]> {
  const found: number[] = [];
  for (let page = 1; page <= 20 && found.length < count; page++) {
    const { items } = (await (
      await request.get(`/api/search/?filter=release&page=${page}`)
    ).json()) as {
      items: SearchItem[];
    };
    for (const item of items) {
      if (found.length === count) break;
      if (item.is_adult || item.price_undecided || item.disabled) continue;
      const product = await (await request.get(`/api/products/${item.slug}/`)).json();
      const v = product.variations?.[0];
      if (v?.in_stock && !v.price_undecided && v.unit_price !== null) found.push(v.id);
    }
  }
  if (found.length < count) throw new Error(`only ${found.length} buyable editions`);
  return found;
}
