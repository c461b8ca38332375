import { matchRoute, ROUTES, safeReturnPath } from '@shop/rules';
import { ShopLink } from './shop-link';

/**
 * Where a fakemodal page returns: `?return=` when it is a path of this shop (checkout opens the
 * card and address pages with it), otherwise my page. Never another site: safeReturnPath checks
 * the target against the route table as a browser would resolve it.
 */
export function returnPath(href: string): string {
  const target = new URL(href, 'http://x.invalid').searchParams.get('return');
  return safeReturnPath(target, ROUTES.mypage.path());
}

/** The close link of a fakemodal page. */
export function FakemodalClose({ href }: { href: string }) {
  const target = returnPath(href);
  return (
    <p className="fakemodal-close">
      <ShopLink href={target}>
        {matchRoute(target)?.route.id === 'checkout' ? 'ご注文手続きに戻る' : '閉じる'}
      </ShopLink>
    </p>
  );
}
