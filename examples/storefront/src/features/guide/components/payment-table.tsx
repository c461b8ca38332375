import { formatYen, PAYMENT_METHODS } from '@shop/rules';

/** The payment methods and their fees (PAYMENT_METHODS from @shop/rules). */
export function PaymentTable() {
  return (
    <table className="table">
      <caption className="visually-hidden">お支払い方法と手数料</caption>
      <thead>
        <tr>
          <th scope="col">お支払い方法</th>
          <th scope="col">手数料（税込）</th>
        </tr>
      </thead>
      <tbody>
        {PAYMENT_METHODS.map((method) => (
          <tr key={method.typeName}>
            <th scope="row">{method.verboseName}</th>
            <td>
              {method.fee === 0 ? '無料' : `${method.feeTitle} ${formatYen(method.fee)}`}
              {method.isFreeThreshold && method.freeThreshold !== null
                ? `（${formatYen(method.freeThreshold)}以上のご注文で無料）`
                : ''}
              <span className="muted">
                {method.isBundleUsable ? ' おまとめ配送に利用できます。' : ''}
                {method.canEconomicalShipping ? '' : ' ゆうパケットではご利用いただけません。'}
              </span>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
