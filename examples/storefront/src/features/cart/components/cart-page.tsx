import {
  CHECKOUT_FAILURE_MESSAGES,
  formatYenTaxIncluded,
  groupShipments,
  MAX_LINE_QUANTITY,
  parcelFit,
  ROUTES,
  type ShippingMethodName,
  shippingFeeOutlook,
  shippingMethod,
} from '@shop/rules';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { ShippingFeeNote } from '../../../components/shipping-fee-note';
import { ShopLink } from '../../../components/shop-link';
import { useToast } from '../../../components/toast';
import { errorMessage } from '../../../lib/api-errors';
import { openLogin } from '../../../lib/login-prompt';
import { releaseLabel } from '../../../lib/release-label';
import { currentSession } from '../../../lib/session';
import type { Cart, CartLine } from '../../../types/account';
import { removeCartLine, setCartQuantity } from '../api/cart';

/**
 * The method the cart estimates shipping with: 宅配便, the one every cart can use (ゆうパケット
 * has limits and is chosen at checkout), whose tiers are what a shopper can act on.
 */
const CART_METHOD = 'home_delivery' satisfies ShippingMethodName;
const CART_METHOD_LABEL = shippingMethod(CART_METHOD).verboseName;

const subtotalOf = (lines: readonly CartLine[]) =>
  lines.reduce((sum, l) => sum + (l.unitPrice ?? 0) * l.quantity, 0);

function LineItem({ line, onChange }: { line: CartLine; onChange: (cart: Cart) => void }) {
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const max = Math.max(line.quantity, Math.min(MAX_LINE_QUANTITY, line.stock, 20));
  const run = async (action: () => Promise<Cart>, done: string) => {
    setBusy(true);
    try {
      onChange(await action());
      toast({ tone: 'success', title: done });
    } catch (error) {
      toast({
        tone: 'error',
        title: 'カートを変更できませんでした',
        description: errorMessage(error),
      });
    } finally {
      setBusy(false);
    }
  };
  return (
    <li>
      <div className="line-main">
        <ShopLink href={ROUTES.product.path({ slug: line.productSlug })}>{line.title}</ShopLink>
        <div className="muted">
          {line.variationName} ・{' '}
          {line.unitPrice === null
            ? '価格未定（価格決定後にお知らせします）'
            : formatYenTaxIncluded(line.unitPrice)}
          {line.stock < line.quantity ? (
            <strong className="field-error"> 在庫が不足しています（残り{line.stock}点）</strong>
          ) : null}
        </div>
        <div className="line-actions">
          <label>
            数量{' '}
            <select
              value={line.quantity}
              disabled={busy}
              onChange={(e) =>
                run(
                  () => setCartQuantity(line.variationId, Number(e.target.value)),
                  '数量を変更しました',
                )
              }
            >
              {Array.from({ length: max }, (_, i) => i + 1).map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
          </label>
          <button
            type="button"
            className="button button-outline button-small"
            disabled={busy}
            onClick={() => run(() => removeCartLine(line.variationId), 'カートから削除しました')}
          >
            削除<span className="visually-hidden">（{line.title}）</span>
          </button>
        </div>
      </div>
      <strong>
        {line.unitPrice === null ? '—' : formatYenTaxIncluded(line.unitPrice * line.quantity)}
      </strong>
    </li>
  );
}

/** What the /cart loader renders the page with: the session's cart and the request's moment. */
export interface CartPageData {
  cart: Cart;
  /** ISO time the server grouped the lines at; the browser groups with the same moment. */
  now: string;
}

/** /cart: the cart split into what ships now and each reservation, and the way to checkout. */
export function CartPage({ data }: { data: CartPageData }) {
  const [cart, setCart] = useState(data.cart);
  // What a screen reader hears after a change: the new count and total (the toast says what was
  // done). Empty until the shopper changes something, so loading the page announces nothing.
  const [changed, setChanged] = useState(false);
  const [, navigate] = useLocation();
  const onChange = (next: Cart) => {
    setCart(next);
    setChanged(true);
  };

  const toCheckout = async () => {
    const session = await currentSession().catch(() => null);
    if (!session?.member) {
      const loggedIn = await openLogin({
        reason: 'ご注文手続きにはログインが必要です。カートの商品はそのまま引き継がれます。',
      });
      if (!loggedIn) return;
    }
    navigate(ROUTES.checkout.path());
  };

  if (cart.lines.length === 0) {
    return (
      <div className="panel">
        <p role="status">カートに商品はありません。</p>
        <ShopLink href={ROUTES.top.path()} className="button button-primary">
          買い物を続ける
        </ShopLink>
      </div>
    );
  }
  // The shipments checkout will make of the lines, each labelled with the release it waits for.
  const groups = groupShipments(cart.lines, new Date(data.now)).map((group) => {
    const groupSubtotal = subtotalOf(group.lines);
    return {
      ...group,
      subtotal: groupSubtotal,
      outlook: shippingFeeOutlook(CART_METHOD, groupSubtotal),
    };
  });
  const subtotal = subtotalOf(cart.lines);
  const shipping = groups.reduce((sum, group) => sum + group.outlook.fee, 0);
  return (
    <div className="checkout-layout">
      <div>
        {groups.map((group) => {
          const release = releaseLabel(group);
          return (
            <section
              key={group.releaseDate ?? 'now'}
              className="panel"
              aria-label={release ? '予約商品' : '今すぐ発送'}
            >
              <h2>{release ? `予約商品（${release}）` : '在庫商品（すぐにお届け）'}</h2>
              <ul className="line-list">
                {group.lines.map((line) => (
                  <LineItem key={line.variationId} line={line} onChange={onChange} />
                ))}
              </ul>
              <p className="shipment-fee">
                送料（{CART_METHOD_LABEL}）{' '}
                <strong>
                  {group.outlook.fee === 0 ? '無料' : formatYenTaxIncluded(group.outlook.fee)}
                </strong>
              </p>
              <ShippingFeeNote method={CART_METHOD} subtotal={group.subtotal} />
              {parcelFit('yu_packet', group.lines).ok ? null : (
                <p className="muted">{CHECKOUT_FAILURE_MESSAGES.parcel_too_large}</p>
              )}
            </section>
          );
        })}
        {groups.length > 1 ? (
          <p className="notice">
            発売日の異なる商品は、発売日ごとに別のご注文（{groups.length}
            件）としてお届けします。送料はお届けごとにかかります。
          </p>
        ) : null}
      </div>
      <aside className="panel checkout-aside" aria-label="お支払い金額">
        <table className="summary-table">
          <tbody>
            <tr>
              <th scope="row">商品点数</th>
              <td>{cart.count}点</td>
            </tr>
            <tr>
              <th scope="row">商品小計</th>
              <td>{formatYenTaxIncluded(subtotal)}</td>
            </tr>
            <tr>
              <th scope="row">送料（{CART_METHOD_LABEL}）</th>
              <td>{formatYenTaxIncluded(shipping)}</td>
            </tr>
            <tr className="total">
              <th scope="row">合計（目安）</th>
              <td>{formatYenTaxIncluded(subtotal + shipping)}</td>
            </tr>
          </tbody>
        </table>
        <p role="status" className="visually-hidden">
          {changed
            ? `カートを更新しました。商品${cart.count}点、合計（目安）${formatYenTaxIncluded(subtotal + shipping)}`
            : ''}
        </p>
        <p className="muted">
          送料はお届けごと（発売日ごと）にかかります。配送方法・お支払い方法の手数料はご注文手続きで確定します。
        </p>
        <button type="button" className="button button-primary button-block" onClick={toCheckout}>
          ご注文手続きへ進む
        </button>
        <p>
          <ShopLink href={ROUTES.top.path()}>買い物を続ける</ShopLink>
        </p>
      </aside>
    </div>
  );
}
