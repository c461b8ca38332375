import { formatYenTaxIncluded, ROUTES } from '@shop/rules';
import { useLocation } from 'wouter';
import { Modal } from '../../../components/modal';
import { type CartModalState, closeCartModal } from '../api/cart';

/** The cart modal (its own chunk): what was just added, the cart's total, and the way on. */
export default function CartModal({ state }: { state: CartModalState }) {
  const [, navigate] = useLocation();
  const { item, cart } = state;
  const subtotal = cart.lines.reduce((sum, line) => sum + (line.unitPrice ?? 0) * line.quantity, 0);
  return (
    <Modal
      title={item.kind === 'reserve' ? '予約商品をカートに追加しました' : 'カートに追加しました'}
      open
      onClose={closeCartModal}
      className="modal-narrow"
    >
      <div className="cart-modal-item">
        <p>
          <strong>{item.title}</strong>
          <br />
          <span className="muted">
            {item.variationName} ・ 数量 {item.quantity}
          </span>
        </p>
        {item.kind === 'reserve' ? (
          <p className="muted">
            予約商品は発売日に合わせて、ほかの商品とは別にお届けします（ご注文手続きで確認できます）。
          </p>
        ) : null}
      </div>
      <p className="cart-modal-summary">
        カートの商品 {cart.count}点 ・ 小計 <strong>{formatYenTaxIncluded(subtotal)}</strong>
      </p>
      <div className="modal-actions">
        <button type="button" className="button button-outline" onClick={closeCartModal}>
          買い物を続ける
        </button>
        <button
          type="button"
          className="button button-primary"
          onClick={() => {
            closeCartModal();
            navigate(ROUTES.cart.path());
          }}
        >
          カートへ進む
        </button>
      </div>
    </Modal>
  );
}
