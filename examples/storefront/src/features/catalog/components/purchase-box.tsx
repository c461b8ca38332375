import { parseUnitPrice } from '@shop/rules';
import { useId, useState } from 'react';
import { PRICE_PENDING_NOTICE, Price } from '../../../components/price';
import type { AddedItem } from '../../../types/account';
import type { ProductDetail } from '../../../types/api';
import type { PurchaseAction } from '../api/purchase-actions';
import { RestockButton } from './restock-button';

/**
 * What the buy button does: the cart feature's add-to-cart (useAddToCart), handed down by the
 * product route so the catalog does not import another feature.
 */
export interface AddToCart {
  add: (variationId: number, item: AddedItem) => Promise<boolean>;
  busy: boolean;
}

/**
 * The versions of a product (通常版, 限定版 ...) with price, stock and points, and the buy button;
 * a sold-out version offers 再入荷のお知らせ instead.
 */
export function PurchaseBox({
  product,
  actions,
  addToCart: { add, busy },
}: {
  product: ProductDetail;
  actions: Record<number, PurchaseAction>;
  addToCart: AddToCart;
}) {
  const id = useId();
  const [selectedId, setSelectedId] = useState(product.variations[0]?.id);
  const selected = product.variations.find((v) => v.id === selectedId) ?? product.variations[0];
  if (!selected) return <p className="notice">この商品は現在お取り扱いがありません。</p>;
  const action = actions[selected.id] ?? { kind: 'none', label: selected.stock_label };

  const onBuy = () => {
    if (action.kind === 'none') return;
    void add(selected.id, {
      title: product.title,
      variationName: selected.name,
      quantity: 1,
      kind: action.kind,
      coverImage: product.cover_image,
    });
  };

  return (
    <div className="purchase-box">
      <fieldset className="variations">
        <legend>種類を選ぶ</legend>
        {product.variations.map((variation) => (
          <label key={variation.id} className="variation" htmlFor={`${id}-${variation.id}`}>
            <input
              id={`${id}-${variation.id}`}
              type="radio"
              name={`${id}-variation`}
              value={variation.id}
              checked={variation.id === selected.id}
              onChange={() => setSelectedId(variation.id)}
            />
            <span>
              <strong>{variation.name}</strong>{' '}
              <Price
                yen={parseUnitPrice(variation.unit_price)}
                undecided={variation.price_undecided}
              />
              <br />
              <span className="muted">
                {variation.stock_label} ・ 獲得ポイント {variation.point_value}pt
              </span>
            </span>
          </label>
        ))}
      </fieldset>
      {selected.price_undecided ? <p className="notice">{PRICE_PENDING_NOTICE}</p> : null}
      <div className="purchase-actions">
        <button
          type="button"
          className={
            action.kind === 'reserve' ? 'button button-secondary' : 'button button-primary'
          }
          disabled={action.kind === 'none' || busy}
          onClick={onBuy}
        >
          {busy ? '追加中…' : action.label}
        </button>
        {!product.disabled && !selected.in_stock ? (
          <RestockButton key={selected.id} variationId={selected.id} />
        ) : null}
      </div>
    </div>
  );
}
