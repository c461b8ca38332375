import type { ProductCard } from '../types/api';

type BadgeSource = Pick<ProductCard, 'stock_label' | 'reservation_label' | 'is_adult'> & {
  has_active_benefit: boolean;
};

const STOCK_CLASS: Record<ProductCard['stock_label'], string> = {
  在庫あり: 'badge badge-stock',
  在庫なし: 'badge badge-soldout',
  予約受付中: 'badge badge-reserve',
  入荷待ち: 'badge badge-reserve',
};

/**
 * The labels of a product: stock (stockLabel), reservation (productReservationLabel) and the
 * bonus badge while a benefit is active, all computed by @shop/rules in the API.
 */
export function ProductBadges({ product }: { product: BadgeSource }) {
  const showReservation =
    product.reservation_label !== '' && product.reservation_label !== product.stock_label;
  return (
    <ul className="badges" aria-label="商品の状態">
      <li className={STOCK_CLASS[product.stock_label]}>{product.stock_label}</li>
      {showReservation ? (
        <li className="badge badge-reserve">{product.reservation_label}</li>
      ) : null}
      {product.has_active_benefit ? <li className="badge badge-bonus">特典付</li> : null}
      {product.is_adult ? <li className="badge badge-adult">18禁</li> : null}
    </ul>
  );
}
