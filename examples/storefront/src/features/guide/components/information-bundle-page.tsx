import { bundleShippingSaving, formatYen, PAYMENT_METHODS, ROUTES } from '@shop/rules';
import { Breadcrumb } from '../../../components/breadcrumb';
import { ShopLink } from '../../../components/shop-link';

// A worked example, computed by the same rule checkout uses.
const EXAMPLE_ORDERS = [{ subtotal: 2000 }, { subtotal: 3200 }];
const example = bundleShippingSaving(EXAMPLE_ORDERS, 'home_delivery');

/** The guide to おまとめ配送, with a saving worked out by the rules. */
export function InformationBundlePage() {
  const bundlePayments = PAYMENT_METHODS.filter((method) => method.isBundleUsable);
  return (
    <>
      <Breadcrumb
        items={[
          { label: ROUTES.information.title, href: ROUTES.information.path() },
          { label: ROUTES.informationBundle.title },
        ]}
      />
      <h1 className="page-title">{ROUTES.informationBundle.title}</h1>
      <div className="prose">
        <p>
          おまとめ配送は、発売日の異なる複数のご注文を一つの荷物にまとめてお届けするサービスです。送料はまとめた注文の合計金額に対して一度だけかかるため、送料無料の条件にも届きやすくなります。
        </p>
        <h2>ご利用の条件</h2>
        <ul>
          <li>会員の方の、まだ発送していないご注文が対象です。</li>
          <li>
            お支払い方法が {bundlePayments.map((method) => method.verboseName).join('・')}{' '}
            のご注文をまとめられます。
          </li>
          <li>まとめた荷物は、最後の商品の発売後に発送します。</li>
        </ul>
        {example.ok ? (
          <>
            <h2>送料の例（宅配便）</h2>
            <p>
              {EXAMPLE_ORDERS.map((order) => formatYen(order.subtotal)).join('と')}
              の2件のご注文を別々にお届けすると送料は合計 {formatYen(example.separateShippingFee)}{' '}
              ですが、まとめると合計 {formatYen(example.combinedSubtotal)} のご注文として送料は{' '}
              {example.bundledShippingFee === 0 ? '無料' : formatYen(example.bundledShippingFee)}{' '}
              になり、{formatYen(example.saving)} お得です。
            </p>
          </>
        ) : null}
        <h2>お手続き</h2>
        <p>
          マイページの注文履歴から、まとめたいご注文を選んでお手続きください。送料とお支払い方法は
          <ShopLink href={ROUTES.information.path()}>ご利用ガイド</ShopLink>をご覧ください。
        </p>
      </div>
    </>
  );
}
