import { formatYenTaxIncluded } from '@shop/rules';
import { releaseLabel } from '../../../lib/release-label';
import type { BundlePreview } from '../../../types/account';

/** Shipping separately vs bundled, the saving, and when the bundle ships. */
export function BundleSummary({ plan }: { plan: Omit<BundlePreview, 'orderIds' | 'adjustments'> }) {
  return (
    <table className="table summary-table">
      <tbody>
        <tr>
          <th scope="row">商品小計（合計）</th>
          <td>{formatYenTaxIncluded(plan.combinedSubtotal)}</td>
        </tr>
        <tr>
          <th scope="row">別々に発送した場合の送料</th>
          <td>{formatYenTaxIncluded(plan.separateShippingFee)}</td>
        </tr>
        <tr>
          <th scope="row">おまとめ後の送料</th>
          <td>
            {formatYenTaxIncluded(plan.bundledShippingFee)}
            {plan.freeShipping ? '（送料無料）' : ''}
          </td>
        </tr>
        <tr>
          <th scope="row">節約できる送料</th>
          <td>
            <strong>{formatYenTaxIncluded(plan.saving)}</strong>
          </td>
        </tr>
        <tr>
          <th scope="row">発送時期</th>
          <td>
            {plan.releaseDate
              ? `${releaseLabel(plan)}の商品の発売後、まとめて発送`
              : 'すべて発売済み（まとめて発送）'}
          </td>
        </tr>
      </tbody>
    </table>
  );
}
