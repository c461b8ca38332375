import { ROUTES } from '@shop/rules';
import { useLocation } from 'wouter';
import { ShopLink } from '../../../components/shop-link';

const LINKS = [
  { href: ROUTES.mypage.path(), label: 'マイページトップ' },
  { href: ROUTES.orderHistory.path(), label: '注文履歴' },
  { href: ROUTES.favorite.path(), label: 'お気に入り' },
  { href: ROUTES.shippingAddress.path(), label: '配送先住所' },
  { href: ROUTES.creditCard.path(), label: 'クレジットカード' },
  { href: ROUTES.takeover.path(), label: 'アカウント引き継ぎ' },
  { href: ROUTES.withdrawal.path(), label: '退会手続き' },
];

/** The my-page side menu. */
export function MypageMenu() {
  const [location] = useLocation();
  return (
    <nav className="mypage-menu" aria-label="マイページメニュー">
      <ul>
        {LINKS.map((link) => (
          <li key={link.href}>
            <ShopLink href={link.href} aria-current={location === link.href ? 'page' : undefined}>
              {link.label}
            </ShopLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
