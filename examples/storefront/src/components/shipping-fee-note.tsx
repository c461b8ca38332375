import { formatYen, type ShippingMethodName, shippingFeeOutlook } from '@shop/rules';

/**
 * The way to cheaper shipping for one shipment of `subtotal`: 「送料無料まであと1,200円」 or
 * 「あと2,500円で送料246円」, then the tier's own note; nothing once nothing ships cheaper.
 */
export function ShippingFeeNote({
  method,
  subtotal,
}: {
  method: ShippingMethodName;
  subtotal: number;
}) {
  const { next, attention } = shippingFeeOutlook(method, subtotal);
  if (next === null) return null;
  const shortfall = formatYen(next.shortfall);
  return (
    <p className="notice shipping-fee-note">
      <strong>
        {next.fee === 0
          ? `送料無料まであと${shortfall}`
          : `あと${shortfall}で送料${formatYen(next.fee)}`}
      </strong>
      {attention ? <span className="muted">（{attention}）</span> : null}
    </p>
  );
}
