import { ADDRESS_FIELD_LABELS } from '@shop/rules';
import { count, eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { contactMessages, members, shippingAddresses } from '../src/db/schema/accounts';
import type { ErrorBody } from '../src/errors';
import type { ShippingAddressView } from '../src/services/addresses';
import {
  accountsTestApp,
  CONTACT_MESSAGE,
  randomSuffix,
  readJson,
  type TestClient,
} from './support/accounts-app';
import { GINZA_ADDRESS } from './support/addresses';

// Finding 10 and 11 of issue 12: every free-text field a shopper sends (address book, usual
// address, registration, contact form) refuses a card number and a character that does not
// show as itself with a 400, the field's Japanese message and a machine code, and stores nothing.

const t = accountsTestApp();

let nextAddress = 1;
/** A client of its own address, so that no throttle of another test counts its requests. */
function client(): TestClient {
  nextAddress += 1;
  return t.client(`198.51.100.${nextAddress}`);
}

async function member(): Promise<{ client: TestClient; id: number }> {
  const me = client();
  const email = `hostile-${randomSuffix()}@example.jp`;
  expect((await me.register(email)).status).toBe(201);
  const [row] = await t.deps.db.orm
    .select({ id: members.id })
    .from(members)
    .where(eq(members.email, email));
  return { client: me, id: row?.id as number };
}

const address = GINZA_ADDRESS;
const addressFields = (Object.keys(address) as (keyof typeof address)[]).filter(
  (field) => field !== 'prefecture',
);

/** What each field gets in place of its value, and the code it must be refused with. */
const HOSTILE = [
  ['a card number', '4111 1111 1111 1111', 'card_number'],
  ['a full-width card number', '４１１１－１１１１－１１１１－１１１１', 'card_number'],
  ['a right-to-left override', '山\u202E田', 'invalid_characters'],
  ['a right-to-left mark', '\u200F090', 'invalid_characters'],
  ['an escape character', '田\u001B[2J', 'invalid_characters'],
] as const;

const MESSAGES = {
  card_number: (label: string) => `${label}にカード番号のような数字は入力できません`,
  invalid_characters: (label: string) => `${label}に使用できない文字が含まれています`,
};

/** The answer is 400 `invalid_json` with the field's detail: path, code and Japanese message. */
async function expectRefused(
  res: Response,
  path: string,
  code: keyof typeof MESSAGES,
  label: string,
): Promise<void> {
  expect(res.status).toBe(400);
  const { error } = await readJson<ErrorBody>(res);
  expect(error.code).toBe('invalid_json');
  expect(error.details).toContainEqual({ path, code, message: MESSAGES[code](label) });
}

async function addressRows(memberId: number) {
  return t.deps.db.orm
    .select()
    .from(shippingAddresses)
    .where(eq(shippingAddresses.memberId, memberId))
    .orderBy(shippingAddresses.id);
}

describe('address fields', () => {
  test.each(HOSTILE)(
    'refuse %s in every field of a new address, storing nothing',
    async (_, value, code) => {
      const me = await member();
      for (const field of addressFields) {
        const res = await me.client.post('/api/addressbook/', { ...address, [field]: value });
        await expectRefused(res, field, code, ADDRESS_FIELD_LABELS[field]);
      }
      expect(await addressRows(me.id)).toEqual([]);
    },
  );

  test.each(HOSTILE)(
    'refuse %s when an address is replaced or made the usual one, changing nothing',
    async (_, value, code) => {
      const me = await member();
      const created = await me.client.post('/api/addressbook/', address);
      expect(created.status).toBe(201);
      const { address: stored } = await readJson<{ address: ShippingAddressView }>(created);
      const before = await addressRows(me.id);
      for (const field of addressFields) {
        const body = { ...address, [field]: value };
        await expectRefused(
          await me.client.put(`/api/addressbook/${stored.id}/`, body),
          field,
          code,
          ADDRESS_FIELD_LABELS[field],
        );
        await expectRefused(
          await me.client.put('/api/user/usershippingaddress/', body),
          field,
          code,
          ADDRESS_FIELD_LABELS[field],
        );
      }
      expect(await addressRows(me.id)).toEqual(before);
    },
  );

  test('drop a zero-width space and a BOM pasted into an address, and keep 々 and ヴ', async () => {
    const me = await member();
    const res = await me.client.post('/api/addressbook/', {
      ...address,
      street: '\uFEFF銀座1-2-3\u200B',
      building: 'ヴィラ佐々木 101',
      lastNameKana: 'ヤマ\u200Bダ',
    });
    expect(res.status).toBe(201);
    const [row] = await addressRows(me.id);
    expect([row?.street, row?.building, row?.lastNameKana]).toEqual([
      '銀座1-2-3',
      'ヴィラ佐々木 101',
      'ヤマダ',
    ]);
  });
});

describe('registration name', () => {
  test.each(HOSTILE)('refuses %s, creating no member', async (_, value, code) => {
    const email = `hostile-${randomSuffix()}@example.jp`;
    const res = await client().register(email, 'correct horse battery', { name: value });
    await expectRefused(res, 'name', code, 'お名前');
    const [row] = await t.deps.db.orm
      .select({ n: count() })
      .from(members)
      .where(eq(members.email, email));
    expect(row?.n).toBe(0);
  });
});

describe('contact form', () => {
  const message = {
    ...CONTACT_MESSAGE,
    body: '発送日を教えてください。\n電話: 090-1234-5678 〒104-0061\nISBN 9784000633529',
  };
  const labels = { name: 'お名前', body: 'お問い合わせ内容' } as const;

  test.each(HOSTILE)(
    'refuses %s in the name and the message, storing nothing',
    async (_, value, code) => {
      const guest = client();
      await guest.session();
      const [before] = await t.deps.db.orm.select({ n: count() }).from(contactMessages);
      for (const field of ['name', 'body'] as const) {
        const typed =
          field === 'body' ? `カードはこれです。\n${value}\nよろしくお願いします。` : value;
        const res = await guest.post('/api/contact/', { ...message, [field]: typed });
        await expectRefused(res, field, code, labels[field]);
      }
      const [after] = await t.deps.db.orm.select({ n: count() }).from(contactMessages);
      expect(after?.n).toBe(before?.n);
    },
  );

  test('stores a message with line breaks, a phone number, a postal code and an ISBN as written', async () => {
    const guest = client();
    await guest.session();
    const res = await guest.post('/api/contact/', { ...message, body: `${message.body}\r\n以上` });
    expect(res.status).toBe(201);
    const { id } = await readJson<{ id: number }>(res);
    const [row] = await t.deps.db.orm
      .select({ body: contactMessages.body })
      .from(contactMessages)
      .where(eq(contactMessages.id, id));
    expect(row?.body).toBe(`${message.body}\n以上`);
  });
});
