import { ROUTES } from '@shop/rules';
import { ShopLink } from './shop-link';

/**
 * Where a fakemodal page returns: `?return=` when it is a path of this shop (checkout opens the
 * card and address pages with it), otherwise my page. Never another site.
 */
export function returnPath(href: string): string {
  const target = new URL(href, 'http://x.invalid').searchParams.get('return');
  // Browsers read `/\host` as `//host`: neither slash may follow the first one.
  return target && /^\/(?![/\\])/.test(target) ? target : ROUTES.mypage.path();
}

/** The close link of a fakemodal page. */
export function FakemodalClose({ href }: { href: string }) {
  const target = returnPath(href);
  return (
    <p className="fakemodal-close">
      <ShopLink href={target}>
        {target.startsWith(ROUTES.checkout.path()) ? 'ご注文手続きに戻る' : '閉じる'}
      </ShopLink>
    </p>
  );
}
