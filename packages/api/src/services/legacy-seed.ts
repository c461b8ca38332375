import { hashPassword, type PasswordParams } from '../auth/password';
import type { Database } from '../db/client';
import { type LegacyOrderItem, legacyAccounts, legacyOrders } from '../db/schema/accounts';
import { hashTakeoverCode } from './takeover';

/**
 * The old shop's demo accounts, documented in docs/api.md so the takeover flow can be tried:
 * log in as a member, then link one with its e-mail and password or its takeover code.
 */
export const DEMO_LEGACY_ACCOUNTS = [
  {
    email: 'legacy1@example.jp',
    password: 'old-shop-pass-1',
    takeoverCode: 'TKOV-0001-DEMO',
    name: '旧会員 一郎',
  },
  {
    email: 'legacy2@example.jp',
    password: 'old-shop-pass-2',
    takeoverCode: 'TKOV-0002-DEMO',
    name: '旧会員 花子',
  },
  {
    email: 'legacy3@example.jp',
    password: 'old-shop-pass-3',
    takeoverCode: 'TKOV-0003-DEMO',
    name: '旧会員 三郎',
  },
] as const;

const TITLES = [
  '魔法少女まじかる☆ステラ 第3巻',
  '月刊コミックフラッパー 2019年5月号',
  '東方幻想画報 ～夏コミ新刊～',
  'ぼっち冒険者の異世界ごはん 2 特装版',
  'TRPGシナリオ集 深淵の図書館',
  '画集 ほしぞらイラストレーションズ',
];
const STATUSES = ['発送済み', '発送済み', '発送済み', 'キャンセル'];

function ordersFor(accountIndex: number): Array<{
  orderNumber: string;
  orderedAt: Date;
  status: string;
  total: number;
  items: LegacyOrderItem[];
}> {
  const count = 3 + accountIndex;
  return Array.from({ length: count }, (_, i) => {
    const items: LegacyOrderItem[] = [0, 1].slice(0, 1 + ((i + accountIndex) % 2)).map((k) => ({
      title: TITLES[(i * 2 + k + accountIndex) % TITLES.length] ?? '',
      quantity: 1 + ((i + k) % 2),
      unitPrice: 660 + 110 * ((i * 3 + k + accountIndex) % 9),
    }));
    const goods = items.reduce((sum, it) => sum + it.quantity * it.unitPrice, 0);
    return {
      orderNumber: `L${String(accountIndex + 1).padStart(2, '0')}-${String(2017 + i)}${String(i + 1).padStart(4, '0')}`,
      // Orders of the old shop, months apart, ending before the new shop opened.
      orderedAt: new Date(
        Date.UTC(2017 + Math.floor(i / 2), (i * 5 + accountIndex) % 12, 10 + i, 3),
      ),
      status: STATUSES[(i + accountIndex) % STATUSES.length] ?? '発送済み',
      total: goods + (goods >= 5000 ? 0 : 510),
      items,
    };
  });
}

/**
 * Inserts the demo legacy accounts and their order history unless they exist (safe on every
 * start). Returns how many accounts it added.
 */
export async function seedLegacyAccounts(db: Database, params: PasswordParams): Promise<number> {
  // Hashing at the OWASP cost takes a moment per account: skip it when the demo is there.
  const [existing] = await db.orm.select({ id: legacyAccounts.id }).from(legacyAccounts).limit(1);
  if (existing) return 0;
  let added = 0;
  for (const [index, demo] of DEMO_LEGACY_ACCOUNTS.entries()) {
    const passwordHash = await hashPassword(demo.password, params);
    await db.orm.transaction(async (tx) => {
      const [account] = await tx
        .insert(legacyAccounts)
        .values({
          email: demo.email,
          passwordHash,
          takeoverCodeHash: hashTakeoverCode(demo.takeoverCode),
          name: demo.name,
        })
        .onConflictDoNothing()
        .returning({ id: legacyAccounts.id });
      if (!account) return;
      added++;
      await tx
        .insert(legacyOrders)
        .values(ordersFor(index).map((o) => ({ ...o, legacyAccountId: account.id })));
    });
  }
  return added;
}
