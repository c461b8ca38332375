import { PAYMENT_METHODS, ROUTES } from '@shop/rules';
import type { ReactNode } from 'react';
import { FactsTable } from '../../../components/facts-table';
import { ShopLink } from '../../../components/shop-link';
import { SELLER } from '../../../config';
import {
  DELIVERY_NOW,
  DELIVERY_RESERVATION,
  PAYMENT_TIMING,
  RETURNS,
} from '../../../lib/sales-terms';
import { PaymentTable } from './payment-table';
import { ShippingTable } from './shipping-table';

/**
 * 特定商取引法に基づく表記: the items Article 11 of the Act on Specified Commercial Transactions
 * requires of a mail-order seller (seller, representative, address, telephone, e-mail, price,
 * other charges, payment method and time, delivery time, returns, order limits).
 */
export function LegalNotice() {
  const rows: [string, ReactNode][] = [
    ['販売業者', SELLER.company],
    ['運営統括責任者', SELLER.representative],
    ['所在地', SELLER.address],
    ['電話番号', `${SELLER.phone}（受付時間 ${SELLER.hours}）`],
    ['メールアドレス', SELLER.email],
    [
      '販売価格',
      '各商品ページに消費税込みの価格を表示しています。価格未定の予約商品は、価格確定後に商品ページに表示します。',
    ],
    [
      '商品代金以外の必要料金',
      <>
        <p>送料およびお支払い方法に応じた手数料。</p>
        <ShippingTable />
        <PaymentTable />
      </>,
    ],
    ['お支払い方法', PAYMENT_METHODS.map((method) => method.verboseName).join('、')],
    [
      'お支払い時期',
      <dl key="timing" className="terms-list">
        {PAYMENT_METHODS.map((method) => (
          <div key={method.typeName}>
            <dt>{method.verboseName}</dt>
            <dd>{PAYMENT_TIMING[method.typeName]}</dd>
          </div>
        ))}
      </dl>,
    ],
    [
      '商品の引渡時期',
      <>
        <p>在庫商品: {DELIVERY_NOW}</p>
        <p>予約商品: {DELIVERY_RESERVATION}</p>
      </>,
    ],
    ['返品・交換について', RETURNS],
    ['販売数量の制限', '数量限定の商品および特典は、なくなりしだい販売・配布を終了します。'],
    ['年齢制限', '成人向け商品は18歳以上の方のみご購入いただけます。'],
  ];
  return (
    <>
      <FactsTable rows={rows} />
      <p className="muted">
        ご不明な点は<ShopLink href={ROUTES.contact.path()}>お問い合わせ</ShopLink>
        からご連絡ください。
      </p>
    </>
  );
}
