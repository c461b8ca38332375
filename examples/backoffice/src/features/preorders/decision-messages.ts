import type { PriceDecision } from '@shop/api/types';
import { formatReleaseDate, formatYen } from '@shop/rules';
import type { ToastMessage } from '../../components/toast';
import type { ReleaseChange } from './decision-dialogs';

/** What the operator is told of a price decision: the price, and the orders and mails it made. */
export function priceDecided(decided: PriceDecision): ToastMessage {
  return {
    title: `価格を${formatYen(decided.unitPrice)}に決定しました`,
    description: `${decided.ordersPriced}件の注文に反映し、${decided.notices}通のお知らせを送ります。`,
  };
}

/** What the operator is told of a postponement: the new date as shoppers see it, the orders. */
export function releasePostponed(changed: ReleaseChange): ToastMessage {
  return {
    title: `発売日を${formatReleaseDate({ date: changed.newDate, precision: changed.newPrecision })}に変更しました`,
    description: `${changed.ordersUpdated}件の注文に反映しました。`,
  };
}
