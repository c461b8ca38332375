import { lazy, Suspense, useEffect } from 'react';
import { MaintenanceNotice } from '../../components/maintenance-notice';
import { useCartModal } from '../../features/cart/api/cart';
import { useLoginPrompt } from '../../lib/login-prompt';
import { refreshSession } from '../../lib/session';

const LoginModal = lazy(() => import('../../features/auth/components/login-modal'));
const CartModal = lazy(() => import('../../features/cart/components/cart-modal'));

/**
 * What floats over every layout: the login modal, the cart modal and the maintenance notice.
 * The modals are their own chunks, loaded when first opened. Also fetches the session once the
 * page has hydrated, for the header's points and cart count.
 */
export function AccountOverlays() {
  const login = useLoginPrompt();
  const cart = useCartModal();

  useEffect(() => {
    refreshSession().catch(() => undefined);
  }, []);

  return (
    <>
      <Suspense fallback={null}>
        {login ? <LoginModal key="login" prompt={login} /> : null}
        {cart && !login ? <CartModal state={cart} /> : null}
      </Suspense>
      <MaintenanceNotice />
    </>
  );
}
