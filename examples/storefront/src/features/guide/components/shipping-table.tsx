import { formatYen, SHIPPING_METHODS } from '@shop/rules';

/** The shipping fee of each method as the shop charges it (SHIPPING_METHODS from @shop/rules). */
export function ShippingTable() {
  return (
    <table className="table">
      <caption className="visually-hidden">配送方法と送料</caption>
      <thead>
        <tr>
          <th scope="col">配送方法</th>
          <th scope="col">送料（税込）</th>
        </tr>
      </thead>
      <tbody>
        {SHIPPING_METHODS.map((method) => (
          <tr key={method.typeName}>
            <th scope="row">{method.verboseName}</th>
            <td>
              {method.fee_tiers.length > 0 ? (
                <ul>
                  {method.fee_tiers.map((tier, index) => {
                    const next = method.fee_tiers[index + 1];
                    const range = next
                      ? `${formatYen(tier.threshold)}〜${formatYen(next.threshold - 1)}`
                      : `${formatYen(tier.threshold)}以上`;
                    return (
                      <li key={tier.threshold}>
                        ご注文金額 {range}: {tier.fee === 0 ? '送料無料' : formatYen(tier.fee)}
                      </li>
                    );
                  })}
                </ul>
              ) : (
                <p>全国一律 {formatYen(method.fee)}</p>
              )}
              <p className="muted">
                {method.canGlobalShipping
                  ? `海外発送: ${formatYen(method.fee_for_global)}`
                  : '海外発送はご利用いただけません。'}
                {method.hasOption ? ' お届け時間帯を指定できます。' : ''}
                {method.hasEconomicalShipping ? ' ポストに投函するお得な配送方法です。' : ''}
              </p>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
