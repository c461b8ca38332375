import type { ShippingMethodName } from '@shop/rules';
import { ShippingFeeNote } from '../../../components/shipping-fee-note';
import { releaseLabel } from '../../../lib/release-label';
import type { CheckoutQuote } from '../../../types/account';

/**
 * Under the shipping choice: for each shipment of the quote (each is its own order, with its own
 * fee), how far it is from cheaper shipping with the chosen method, and the tier's note.
 */
export function ShippingFeeNotes({
  quote,
  method,
}: {
  quote: CheckoutQuote | null;
  method: ShippingMethodName;
}) {
  const shipments = quote?.shipments ?? [];
  return (
    <div className="shipping-fee-notes">
      {shipments.map((shipment) => (
        <div key={shipment.releaseDate ?? 'now'}>
          {shipments.length > 1 ? (
            <p className="muted">
              {shipment.isReservation ? `予約商品（${releaseLabel(shipment)}）` : '在庫商品'}
            </p>
          ) : null}
          <ShippingFeeNote method={method} subtotal={shipment.subtotal} />
        </div>
      ))}
    </div>
  );
}
