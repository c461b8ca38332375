import { ROUTES } from '@shop/rules';
import { CardWallet } from '../../components/card-wallet';
import { FakemodalClose } from '../../components/fakemodal-close';
import { type MemberData, MemberGate } from '../../components/member-gate';
import type { SavedCard } from '../../types/account';
import type { PageProps } from '../route-chunks';

export default function CreditCardRoute({
  data,
  href,
}: PageProps<MemberData<{ cards: SavedCard[] }>>) {
  return (
    <MemberGate title={ROUTES.creditCard.title} data={data}>
      {(page) => (
        <>
          <h1 className="page-title">{ROUTES.creditCard.title}</h1>
          <p className="muted">
            カード番号は当店のサーバーに送信されず、決済代行会社で安全に管理されます。
          </p>
          <CardWallet initial={page.cards} />
          <FakemodalClose href={href} />
        </>
      )}
    </MemberGate>
  );
}
