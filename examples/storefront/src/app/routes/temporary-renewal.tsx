import { ROUTES } from '@shop/rules';
import { ShopLink } from '../../components/shop-link';
import { RenewalNotice } from '../../features/guide/components/renewal-notice';

/** The interim home page shown while the renewal is rolled out, linking back into the shop. */
export default function TemporaryRenewalPage() {
  return (
    <>
      <h1 className="page-title">{ROUTES.temporaryRenewal.title}</h1>
      <RenewalNotice />
      <p>
        <ShopLink href={ROUTES.top.path()} className="button button-primary">
          新しいトップページへ
        </ShopLink>
      </p>
    </>
  );
}
