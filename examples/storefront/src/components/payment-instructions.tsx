import { formatJstDate, formatYenTaxIncluded, PAYMENT_DUE_DAYS } from '@shop/rules';
import type { PaymentInstructions } from '../types/account';

/** The account row of each kind of payment instructions (@shop/rules PAYMENT_INSTRUCTION_KINDS). */
function Payee({ info }: { info: PaymentInstructions }) {
  switch (info.kind) {
    case 'bank_transfer':
      return (
        <tr>
          <th scope="row">振込先</th>
          <td>
            {info.bankName} {info.branchName} {info.accountType} {info.accountNumber}
          </td>
        </tr>
      );
    case 'yucho':
      return (
        <tr>
          <th scope="row">振込先（ゆうちょ銀行）</th>
          <td>
            記号 {info.symbol} 番号 {info.number}
          </td>
        </tr>
      );
    default:
      return info satisfies never;
  }
}

/**
 * Where, how much and by when to pay an order paid by transfer, as the order keeps it (the
 * completion page and the order history show the same). A reservation has no due date until its
 * release (docs/lifecycle.md).
 */
export function PaymentInstructionsTable({ info }: { info: PaymentInstructions }) {
  return (
    <table className="table">
      <tbody>
        <Payee info={info} />
        <tr>
          <th scope="row">口座名義</th>
          <td>{info.accountHolder}</td>
        </tr>
        <tr>
          <th scope="row">お振込み金額</th>
          <td>{formatYenTaxIncluded(info.amount)}</td>
        </tr>
        <tr>
          <th scope="row">お振込み期限</th>
          <td>
            {info.dueDate === null
              ? `発売後にメールでお知らせします（発売日から${PAYMENT_DUE_DAYS}日以内）`
              : formatJstDate(info.dueDate)}
          </td>
        </tr>
      </tbody>
    </table>
  );
}
