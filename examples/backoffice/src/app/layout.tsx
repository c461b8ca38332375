import type { ReactNode } from 'react';
import { Link, useRoute } from 'wouter';
import { STAFF_ROLE_LABELS, useSession } from '../lib/session';
import type { NavGroup } from './route-table';

/** A link of the side navigation, marked as the current page on its own page. */
function NavLink({ path, label }: { path: string; label: string }) {
  const [active] = useRoute(path);
  return (
    <Link
      href={path}
      className={active ? 'nav-active' : ''}
      aria-current={active ? 'page' : undefined}
    >
      {label}
    </Link>
  );
}

/**
 * The signed-in frame: the side navigation (the pages the staff member's role allows, grouped),
 * the header with who is signed in, and the page. Printing shows the page alone (styles.css
 * `@media print`), so a packing slip is one sheet without navigation.
 */
export function Layout({ nav, children }: { nav: NavGroup[]; children: ReactNode }) {
  const { staff, logout } = useSession();
  return (
    <div className="layout">
      <a className="skip-link" href="#main">
        本文へ移動
      </a>
      <header className="topbar">
        <Link href="/" className="brand">
          管理画面
        </Link>
        <div className="topbar-user">
          <span>
            {staff.name}（{STAFF_ROLE_LABELS[staff.role]}）
          </span>
          <button type="button" className="button-link" onClick={() => void logout()}>
            ログアウト
          </button>
        </div>
      </header>
      <nav className="sidenav" aria-label="管理メニュー">
        {nav.map((group) => (
          <section key={group.group}>
            <h2>{group.group}</h2>
            <ul>
              {group.links.map((link) => (
                <li key={link.path}>
                  <NavLink path={link.path} label={link.label} />
                </li>
              ))}
            </ul>
          </section>
        ))}
      </nav>
      <main id="main" className="content" tabIndex={-1}>
        {children}
      </main>
    </div>
  );
}
