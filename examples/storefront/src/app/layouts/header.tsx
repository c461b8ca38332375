import { HEADER_MENU, QUICK_SEARCHES, ROUTES, toSearchParams } from '@shop/rules';
import { type FormEvent, useId } from 'react';
import { useLocation, useSearch } from 'wouter';
import { KeywordSearch } from '../../components/keyword-search';
import { ShopLink } from '../../components/shop-link';
import { SHOP_NAME, SHOP_TAGLINE } from '../../config';
import { AccountNav } from '../../features/auth/components/account-nav';

function searchHref(params: URLSearchParams): string {
  const query = params.toString();
  return query ? `${ROUTES.search.path()}?${query}` : ROUTES.search.path();
}

/** The site header: logo, keyword search with the quick searches, and the 14-link menu. */
export function Header() {
  const [location, navigate] = useLocation();
  const search = useSearch();
  const inputId = useId();
  const currentQ =
    location === ROUTES.search.path() ? (new URLSearchParams(search).get('q') ?? '') : '';

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const q = String(new FormData(event.currentTarget).get('q') ?? '');
    navigate(searchHref(toSearchParams({ q })));
  };

  return (
    <header className="site-header">
      <div className="header-bar container">
        <ShopLink href={ROUTES.top.path()} className="brand">
          <span className="brand-name">{SHOP_NAME}</span>
          <span className="brand-tagline">{SHOP_TAGLINE}</span>
        </ShopLink>
        <div className="header-search">
          <search>
            <form action={ROUTES.search.path()} method="get" onSubmit={onSubmit}>
              <label htmlFor={inputId} className="visually-hidden">
                キーワードで探す
              </label>
              <KeywordSearch
                id={inputId}
                key={currentQ}
                defaultValue={currentQ}
                placeholder="作品名・作者名・ISBNで検索"
                buttonClassName="button-primary"
              />
            </form>
          </search>
          <ul className="quick-searches" aria-label="クイック検索">
            {QUICK_SEARCHES.map((quick) => (
              <li key={quick.label}>
                <ShopLink href={searchHref(toSearchParams(quick.query))} className="chip">
                  {quick.label}
                </ShopLink>
              </li>
            ))}
          </ul>
        </div>
        <AccountNav />
      </div>
      <nav className="header-menu" aria-label="カテゴリメニュー">
        <ul className="container">
          {HEADER_MENU.map((item) => (
            <li key={item.id}>
              <ShopLink
                href={item.href}
                aria-current={isCurrent(item.href, location, search) ? 'page' : undefined}
              >
                {item.label}
              </ShopLink>
            </li>
          ))}
          {[ROUTES.categories, ROUTES.genres].map((route) => (
            <li key={route.id}>
              <ShopLink
                href={route.path()}
                aria-current={isCurrent(route.path(), location, search) ? 'page' : undefined}
              >
                {route.title}
              </ShopLink>
            </li>
          ))}
        </ul>
      </nav>
    </header>
  );
}

function isCurrent(href: string, location: string, search: string): boolean {
  const [path, query = ''] = href.split('?');
  return (
    path === location &&
    new URLSearchParams(query).toString() === new URLSearchParams(search).toString()
  );
}
