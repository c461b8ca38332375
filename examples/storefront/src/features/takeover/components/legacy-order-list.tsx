import { formatJstDate, formatYenTaxIncluded, ROUTES } from '@shop/rules';
import { ShopLink } from '../../../components/shop-link';
import type { LegacyOrderView } from '../../../types/account';

/** The orders of the old site's account, once it is taken over. */
export function LegacyOrderList({
  page,
}: {
  page: { linked: boolean; orders: LegacyOrderView[] };
}) {
  return (
    <>
      {!page.linked ? (
        <p className="panel">
          旧サイトのアカウントはまだ引き継がれていません。
          <ShopLink href={ROUTES.takeover.path()}>アカウント引き継ぎ</ShopLink>
          からお手続きください。
        </p>
      ) : page.orders.length === 0 ? (
        <p className="panel">旧サイトでのご注文はありません。</p>
      ) : (
        page.orders.map((order) => (
          <article
            key={order.orderNumber}
            className="panel order-card"
            aria-labelledby={`legacy-${order.orderNumber}`}
          >
            <div className="order-head">
              <h2 id={`legacy-${order.orderNumber}`}>ご注文番号 {order.orderNumber}</h2>
              <span className="state-badge">{order.status}</span>
            </div>
            <p className="muted">ご注文日 {formatJstDate(order.orderedAt)}</p>
            <ul>
              {order.items.map((item) => (
                <li key={item.title}>
                  {item.title} × {item.quantity}（{formatYenTaxIncluded(item.unitPrice)}）
                </li>
              ))}
            </ul>
            <p>合計 {formatYenTaxIncluded(order.total)}</p>
          </article>
        ))
      )}
    </>
  );
}
