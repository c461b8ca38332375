import { DELIVERY_TIME_SLOTS, ROUTES } from '@shop/rules';
import { Breadcrumb } from '../../../components/breadcrumb';
import { ShopLink } from '../../../components/shop-link';
import { POINT_VALIDITY } from '../../../lib/sales-terms';
import { PaymentTable } from './payment-table';
import { ShippingTable } from './shipping-table';

/** The shopping guide: ordering, shipping fees, payment methods, points. */
export function InformationPage() {
  return (
    <>
      <Breadcrumb items={[{ label: ROUTES.information.title }]} />
      <h1 className="page-title">{ROUTES.information.title}</h1>
      <section className="section" aria-labelledby="guide-order">
        <h2 id="guide-order">ご注文の流れ</h2>
        <ol className="prose">
          <li>商品ページで版を選び、「カートに入れる」または「予約する」を押します。</li>
          <li>カートで内容を確認し、ご注文手続きへ進みます。</li>
          <li>配送方法とお支払い方法を選び、ご注文を確定します。</li>
          <li>発売済みの商品はすぐに、予約商品は発売日ごとに分けて発送します。</li>
        </ol>
      </section>
      <section className="section" aria-labelledby="guide-shipping">
        <h2 id="guide-shipping">送料</h2>
        <ShippingTable />
        <p className="muted">
          お届け時間帯: {DELIVERY_TIME_SLOTS.map((slot) => slot.label).join('・')}
        </p>
      </section>
      <section className="section" aria-labelledby="guide-payment">
        <h2 id="guide-payment">お支払い方法</h2>
        <PaymentTable />
      </section>
      <section className="section" aria-labelledby="guide-points">
        <h2 id="guide-points">ポイント</h2>
        <p className="prose">
          商品ごとに表示されたポイントが発送時に付与され、1ポイント＝1円としてお支払いに使えます。全額ポイント利用では送料・手数料もポイントでお支払いいただけます。
        </p>
        <p className="prose">{POINT_VALIDITY}</p>
      </section>
      <p>
        複数のご注文をまとめてお届けする方法は
        <ShopLink href={ROUTES.informationBundle.path()}>{ROUTES.informationBundle.title}</ShopLink>
        をご覧ください。
      </p>
    </>
  );
}
