import { ROUTES } from '@shop/rules';
import type { ReactNode } from 'react';
import { ShopLink } from '../../../components/shop-link';
import { SELLER } from '../../../config';
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
    [
      'お支払い方法',
      'クレジットカード、銀行振込（バーチャル口座）、ゆうちょ銀行振込、代金引換、全額ポイント利用',
    ],
    [
      'お支払い時期',
      'クレジットカード: ご注文時に与信を行い、発送時に決済します。銀行振込・ゆうちょ銀行振込: ご請求後7日以内。代金引換: 商品お受け取り時。',
    ],
    [
      '商品の引渡時期',
      '在庫のある商品はご注文から3営業日以内に発送します。予約商品は発売日または入荷日以降に発送します。',
    ],
    [
      '返品・交換について',
      'お客様のご都合による返品はお受けしておりません。商品の破損・乱丁・落丁およびご注文と異なる商品が届いた場合は、到着後7日以内にご連絡ください。送料当店負担で交換いたします。',
    ],
    ['販売数量の制限', '数量限定の商品および特典は、なくなりしだい販売・配布を終了します。'],
    ['年齢制限', '成人向け商品は18歳以上の方のみご購入いただけます。'],
  ];
  return (
    <>
      <table className="table">
        <tbody>
          {rows.map(([label, value]) => (
            <tr key={label}>
              <th scope="row">{label}</th>
              <td>{value}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="muted">
        ご不明な点は<ShopLink href={ROUTES.contact.path()}>お問い合わせ</ShopLink>
        からご連絡ください。
      </p>
    </>
  );
}
