import './account.css';
import { formatPoints, ROUTES } from '@shop/rules';
import { useLocation } from 'wouter';
import { ShopLink } from '../../../components/shop-link';
import { useToast } from '../../../components/toast';
import { failureToast } from '../../../lib/api-errors';
import { openLogin } from '../../../lib/login-prompt';
import { useSession } from '../../../lib/session';
import { logout } from '../api/auth';

/**
 * The header's account corner: login and registration for guests, my page with the point
 * balance, お知らせ with its unread count, and logout for members, and the cart with its unit
 * count for both.
 */
export function AccountNav() {
  const { status, summary } = useSession();
  const toast = useToast();
  const [, navigate] = useLocation();
  const member = summary?.member ?? null;
  const cartCount = summary?.cartCount ?? 0;
  const unread = summary?.unreadNotices ?? 0;

  const onLogout = async () => {
    try {
      await logout();
      toast({ tone: 'success', title: 'ログアウトしました' });
      navigate(ROUTES.top.path());
    } catch (error) {
      toast(failureToast('ログアウトできませんでした', error));
    }
  };

  return (
    <nav className="account-nav" aria-label="会員メニュー" aria-busy={status === 'loading'}>
      {member ? (
        <>
          <ShopLink href={ROUTES.mypage.path()} className="account-link">
            マイページ
            <span className="account-points">{formatPoints(summary?.points ?? 0)}</span>
            {unread > 0 ? (
              // On a phone the お知らせ link gives its line to the buy button (styles.css): the
              // unread count rides on マイページ, whose page links the notices.
              <span className="cart-count unread-on-phone">
                {unread}
                <span className="visually-hidden">件の未読のお知らせ</span>
              </span>
            ) : null}
          </ShopLink>
          <ShopLink href={ROUTES.notices.path()} className="account-link notices-link">
            お知らせ
            {unread > 0 ? (
              <span className="cart-count">
                {unread}
                <span className="visually-hidden">件の未読</span>
              </span>
            ) : null}
          </ShopLink>
          <button type="button" className="account-link link-button" onClick={onLogout}>
            ログアウト
          </button>
        </>
      ) : (
        <>
          <button type="button" className="account-link link-button" onClick={() => openLogin()}>
            ログイン
          </button>
          <button
            type="button"
            className="account-link link-button"
            onClick={() => openLogin({ mode: 'register' })}
          >
            会員登録
          </button>
        </>
      )}
      <ShopLink href={ROUTES.cart.path()} className="account-link cart-link">
        カート
        <span className="cart-count">
          {cartCount}
          <span className="visually-hidden">点</span>
        </span>
      </ShopLink>
    </nav>
  );
}
