import { parseUnitPrice } from '@shop/rules';
import { useId, useState } from 'react';
import { Price } from '../../../components/price';
import { useToast } from '../../../components/toast';
import { BrowserApiError } from '../../../lib/browser-api';
import type { ProductDetail } from '../../../types/api';
import { addToCart } from '../api/add-to-cart';

type Variation = ProductDetail['variations'][number];

/** What the button of a variation does: reserve, buy, or nothing (sold out, not on sale yet). */
export function purchaseAction(
  product: Pick<ProductDetail, 'disabled'>,
  variation: Variation,
): { kind: 'reserve' | 'cart' | 'none'; label: string } {
  if (product.disabled) return { kind: 'none', label: '販売開始前' };
  if (variation.stock_label === '在庫なし') return { kind: 'none', label: '在庫なし' };
  const awaiting = variation.stock_label === '予約受付中' || variation.stock_label === '入荷待ち';
  if (awaiting && variation.can_reserve) return { kind: 'reserve', label: '予約する' };
  if (awaiting) return { kind: 'none', label: variation.stock_label };
  return { kind: 'cart', label: 'カートに入れる' };
}

/** The versions of a product (通常版, 限定版 ...) with price, stock and points, and the buy button. */
export function PurchaseBox({ product }: { product: ProductDetail }) {
  const id = useId();
  const toast = useToast();
  const [selectedId, setSelectedId] = useState(product.variations[0]?.id);
  const [busy, setBusy] = useState(false);
  const selected = product.variations.find((v) => v.id === selectedId) ?? product.variations[0];
  if (!selected) return <p className="notice">この商品は現在お取り扱いがありません。</p>;
  const action = purchaseAction(product, selected);

  const onBuy = async () => {
    setBusy(true);
    try {
      await addToCart(selected.id);
      toast({
        tone: 'success',
        title:
          action.kind === 'reserve' ? '予約商品をカートに追加しました' : 'カートに追加しました',
        description: `${product.title}（${selected.name}）`,
      });
    } catch (error) {
      toast({
        tone: 'error',
        title: 'カートに追加できませんでした',
        description: error instanceof BrowserApiError ? error.message : '通信に失敗しました。',
      });
    } finally {
      setBusy(false);
    }
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
              <strong>{variation.name}</strong>
              <br />
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
      </div>
    </div>
  );
}
