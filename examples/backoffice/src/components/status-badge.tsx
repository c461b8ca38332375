import { orderStateLabel } from '@shop/rules';

/** An order's state as a coloured label (予約中, 入金待ち, ...), from @shop/rules' labels. */
export function OrderStateBadge({ state }: { state: string }) {
  return <span className={`badge badge-${state}`}>{orderStateLabel(state) || '不明'}</span>;
}

/** A yes/no, ok/failed or similar state as a coloured label with the text given. */
export function Badge({
  tone,
  children,
}: {
  tone: 'ok' | 'warn' | 'error' | 'neutral';
  children: string;
}) {
  return <span className={`badge badge-tone-${tone}`}>{children}</span>;
}
