import { ROUTES } from '@shop/rules';
import { FakemodalClose } from '../../components/fakemodal-close';
import { type MemberData, MemberGate } from '../../features/auth/components/member-gate';
import { CardWallet } from '../../features/cards/components/card-wallet';
import type { SavedCard } from '../../types/account';
import type { PageProps } from '../route-chunks';
import { useRouteModal } from '../route-modal-context';

/**
 * /common/credit-card: a page of its own (fakemodal layout), or a dialog over checkout, where
 * the dialog's title and close button replace the page's heading and close link and saving a
 * card closes the dialog (checkout then selects the card).
 */
export default function CreditCardRoute({
  data,
  href,
}: PageProps<MemberData<{ cards: SavedCard[] }>>) {
  const modal = useRouteModal();
  return (
    <MemberGate title={ROUTES.creditCard.title} data={data}>
      {(page) => (
        <>
          {modal ? null : <h1 className="page-title">{ROUTES.creditCard.title}</h1>}
          <CardWallet initial={page.cards} {...(modal ? { onSaved: modal.close } : {})} />
          {modal ? null : <FakemodalClose href={href} />}
        </>
      )}
    </MemberGate>
  );
}
