import { EMPTY_ADDRESS } from '@shop/rules';
import { and, desc, eq, ne, sql } from 'drizzle-orm';
import type { OverseasAddressInput, ShippingAddressInput } from '../accounts/address';
import type { Database } from '../db/client';
import { shippingAddresses } from '../db/schema/accounts';
import type { AddressSnapshot } from '../db/schema/orders';
import { lockActiveMember } from './member-lock';
import { ServiceError } from './service-error';

/** A member may keep this many addresses. */
export const ADDRESS_BOOK_LIMIT = 20;

/** A Japanese or an overseas address, as the address book receives it. */
export type AddressBookInput = ShippingAddressInput | OverseasAddressInput;

/**
 * One address-book entry: the fields an order freezes of it (`AddressSnapshot`), every one
 * present, with its id and default flag. `country` is `JP` for a Japanese address (prefecture …
 * readings filled, fullName … region empty) or an overseas ISO code (fullName, line1, line2,
 * region, postalCode, city and phone filled, the Japanese-only fields empty).
 */
export interface ShippingAddressView extends Required<AddressSnapshot> {
  id: number;
  isDefault: boolean;
}

type Row = typeof shippingAddresses.$inferSelect;
type Tx = Parameters<Parameters<Database['orm']['transaction']>[0]>[0];

function view(row: Row): ShippingAddressView {
  return {
    id: row.id,
    country: row.country,
    fullName: row.fullName,
    line1: row.line1,
    line2: row.line2,
    region: row.region,
    postalCode: row.postalCode,
    prefecture: row.prefecture,
    city: row.city,
    street: row.street,
    building: row.building,
    lastName: row.lastName,
    firstName: row.firstName,
    lastNameKana: row.lastNameKana,
    firstNameKana: row.firstNameKana,
    phone: row.phone,
    isDefault: row.isDefault,
  };
}

const NOT_FOUND = () => new ServiceError('address_not_found', 'お届け先が見つかりません。');

const NO_OVERSEAS = { country: 'JP', fullName: '', line1: '', line2: '', region: '' } as const;

/**
 * The columns of an entry: the other kind's columns emptied, so a replaced kind leaves nothing
 * (an overseas address fills the postal code, city and phone it shares with a Japanese one).
 */
function fields(input: AddressBookInput) {
  const { isDefault: _ignored, ...rest } = input;
  return 'country' in rest ? { ...EMPTY_ADDRESS, ...rest } : { ...NO_OVERSEAS, ...rest };
}

/** Serialises changes to one member's address book (the default flag and the size limit). */

async function clearDefault(tx: Tx, memberId: number): Promise<void> {
  await tx
    .update(shippingAddresses)
    .set({ isDefault: false })
    .where(and(eq(shippingAddresses.memberId, memberId), eq(shippingAddresses.isDefault, true)));
}

/** The member's addresses, the default first, then the newest. */
export async function listAddresses(
  db: Database,
  memberId: number,
): Promise<ShippingAddressView[]> {
  const rows = await db.orm
    .select()
    .from(shippingAddresses)
    .where(eq(shippingAddresses.memberId, memberId))
    .orderBy(desc(shippingAddresses.isDefault), desc(shippingAddresses.id));
  return rows.map(view);
}

export async function getAddress(
  db: Database,
  memberId: number,
  id: number,
): Promise<ShippingAddressView> {
  const [row] = await db.orm
    .select()
    .from(shippingAddresses)
    .where(and(eq(shippingAddresses.memberId, memberId), eq(shippingAddresses.id, id)));
  if (!row) throw NOT_FOUND();
  return view(row);
}

export async function getDefaultAddress(
  db: Database,
  memberId: number,
): Promise<ShippingAddressView | null> {
  const [row] = await db.orm
    .select()
    .from(shippingAddresses)
    .where(and(eq(shippingAddresses.memberId, memberId), eq(shippingAddresses.isDefault, true)));
  return row ? view(row) : null;
}

/** Adds an address; the first one, or one marked isDefault, becomes the default. */
export async function createAddress(
  db: Database,
  memberId: number,
  input: AddressBookInput,
  now: Date,
): Promise<ShippingAddressView> {
  return db.orm.transaction(async (tx) => {
    await lockActiveMember(tx, memberId);
    const [count] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(shippingAddresses)
      .where(eq(shippingAddresses.memberId, memberId));
    const n = count?.n ?? 0;
    if (n >= ADDRESS_BOOK_LIMIT) {
      throw new ServiceError(
        'address_book_full',
        `登録できるお届け先は${ADDRESS_BOOK_LIMIT}件までです。不要なお届け先を削除してください。`,
      );
    }
    const isDefault = input.isDefault === true || n === 0;
    if (isDefault) await clearDefault(tx, memberId);
    const [row] = await tx
      .insert(shippingAddresses)
      .values({ ...fields(input), memberId, isDefault, createdAt: now, updatedAt: now })
      .returning();
    if (!row) throw new Error('address insert returned no row');
    return view(row);
  });
}

/**
 * Replaces an address's fields. isDefault true makes it the default; false on the default
 * address is refused while others exist (choose another default instead).
 */
export async function updateAddress(
  db: Database,
  memberId: number,
  id: number,
  input: AddressBookInput,
  now: Date,
): Promise<ShippingAddressView> {
  return db.orm.transaction(async (tx) => {
    await lockActiveMember(tx, memberId);
    const [current] = await tx
      .select()
      .from(shippingAddresses)
      .where(and(eq(shippingAddresses.memberId, memberId), eq(shippingAddresses.id, id)));
    if (!current) throw NOT_FOUND();
    let isDefault = current.isDefault;
    if (input.isDefault === true && !current.isDefault) {
      await clearDefault(tx, memberId);
      isDefault = true;
    } else if (input.isDefault === false && current.isDefault) {
      throw new ServiceError(
        'default_address_required',
        'いつものお届け先は解除できません。別のお届け先を「いつものお届け先」に設定してください。',
      );
    }
    const [row] = await tx
      .update(shippingAddresses)
      .set({ ...fields(input), isDefault, updatedAt: now })
      .where(eq(shippingAddresses.id, id))
      .returning();
    if (!row) throw NOT_FOUND();
    return view(row);
  });
}

/** Deletes an address; when it was the default, the newest remaining one takes its place. */
export async function deleteAddress(db: Database, memberId: number, id: number): Promise<void> {
  await db.orm.transaction(async (tx) => {
    await lockActiveMember(tx, memberId);
    const [gone] = await tx
      .delete(shippingAddresses)
      .where(and(eq(shippingAddresses.memberId, memberId), eq(shippingAddresses.id, id)))
      .returning();
    if (!gone) throw NOT_FOUND();
    if (!gone.isDefault) return;
    const [next] = await tx
      .select({ id: shippingAddresses.id })
      .from(shippingAddresses)
      .where(and(eq(shippingAddresses.memberId, memberId), ne(shippingAddresses.id, id)))
      .orderBy(desc(shippingAddresses.id))
      .limit(1);
    if (next) {
      await tx
        .update(shippingAddresses)
        .set({ isDefault: true })
        .where(eq(shippingAddresses.id, next.id));
    }
  });
}

/**
 * /api/user/usershippingaddress/ PUT: writes the member's default address, creating it when the
 * member has none yet.
 */
export async function saveDefaultAddress(
  db: Database,
  memberId: number,
  input: ShippingAddressInput,
  now: Date,
): Promise<ShippingAddressView> {
  const current = await getDefaultAddress(db, memberId);
  if (!current) return createAddress(db, memberId, { ...input, isDefault: true }, now);
  return updateAddress(db, memberId, current.id, { ...input, isDefault: true }, now);
}
