import type { CarrierName, OrderState, ReleaseDatePrecision } from '@shop/rules';

// The answers of /api/admin/orders/ (docs/backoffice.md "Orders").

/** One row of GET orders/. */
export interface OrderRow {
  id: number;
  /** ご注文番号 as the shopper sees it. */
  number: string;
  placedAt: string;
  member: { id: number; name: string };
  state: OrderState;
  paymentMethod: string;
  total: number;
  amountDue: number;
  paymentDueDate: string | null;
  overdue: boolean;
  paid: boolean;
  releaseDate: string | null;
  releaseDatePrecision: ReleaseDatePrecision | null;
  /** Copies in the order. */
  itemCount: number;
  bundleId: number | null;
}

export interface OrderPage {
  items: OrderRow[];
  nextCursor: string | null;
}

/** The order as the shopper's API shows it (what a packing slip and 納品書 print). */
export interface OrderView {
  id: number;
  state: OrderState;
  placedAt: string;
  isReservation: boolean;
  releaseDate: string | null;
  releaseDatePrecision: ReleaseDatePrecision | null;
  pricePending: boolean;
  shippingMethod: string;
  paymentMethod: string;
  deliveryTimeSlot: string;
  subtotal: number;
  shippingFee: number;
  paymentFee: number;
  pointsUsed: number;
  amountDue: number;
  pointsToGrant: number;
  paidAt: string | null;
  shippedAt: string | null;
  bundleId: number | null;
  tracking: { carrier: CarrierName; trackingNumber: string; url: string | null } | null;
  items: {
    productId: number;
    productSlug: string;
    title: string;
    variationId: number;
    variationName: string;
    quantity: number;
    /** null for a 価格未定 item until its price is decided. */
    unitPrice: number | null;
  }[];
  benefits: { benefitId: number; title: string; quantity: number; released: boolean }[];
}

export interface Address {
  postalCode: string;
  prefecture: string;
  city: string;
  street: string;
  building: string;
  lastName: string;
  firstName: string;
  lastNameKana: string;
  firstNameKana: string;
  phone: string;
}

/** GET orders/:id/. */
export interface OrderDetail {
  order: OrderView;
  number: string;
  member: { id: number; name: string; email: string | null; withdrawn: boolean };
  address: Address;
  payment: {
    method: string;
    amountDue: number;
    dueDate: string | null;
    overdue: boolean;
    paidAt: string | null;
    cards: { id: number; status: string; amount: number }[];
  };
  history: { fromState: string | null; toState: string; actor: string; note: string; at: string }[];
  mails: { id: number; kind: string; state: string; createdAt: string; sentAt: string | null }[];
  audit: {
    id: number;
    at: string;
    actor: string;
    action: string;
    before: unknown;
    after: unknown;
  }[];
}

/** One order's outcome in a bulk action: done, or refused with the API's Japanese reason. */
export type BulkResult =
  | { id: number; ok: true; order: OrderView }
  | { id: number; ok: false; code: string; message: string };
