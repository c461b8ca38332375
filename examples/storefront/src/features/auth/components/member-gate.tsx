import { type ReactNode, useEffect } from 'react';
import { openLogin } from '../../../lib/login-prompt';

/** What an account page's loader answers: the page's data, or that a guest asked for it. */
export type MemberData<T> = ({ guest: false } & T) | { guest: true };

function askToLogin(): void {
  openLogin({ reason: 'このページのご利用にはログインが必要です。' }).then((loggedIn) => {
    // The page's data belongs to the member: render it again, at the same address.
    if (loggedIn) window.location.reload();
  });
}

/**
 * Renders an account page for a member; for a guest, the page's title and the login modal,
 * after which the shopper is back on the same page, logged in.
 */
export function MemberGate<T>({
  title,
  data,
  children,
}: {
  title: string;
  data: MemberData<T>;
  children: (data: T) => ReactNode;
}) {
  const guest = data.guest;
  useEffect(() => {
    if (guest) askToLogin();
  }, [guest]);
  if (data.guest) {
    return (
      <section className="panel member-gate" aria-labelledby="member-gate-title">
        <h1 id="member-gate-title" className="page-title">
          {title}
        </h1>
        <p>このページのご利用にはログインが必要です。</p>
        <button type="button" className="button button-primary" onClick={askToLogin}>
          ログインする
        </button>
      </section>
    );
  }
  return <>{children(data as T)}</>;
}
