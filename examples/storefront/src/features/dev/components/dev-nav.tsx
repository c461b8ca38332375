import { ROUTES } from '@shop/rules';
import { ShopLink } from '../../../components/shop-link';

const DEV_ROUTES = [ROUTES.dev, ROUTES.devProxy, ROUTES.devProcess, ROUTES.devSnackbar] as const;

/** Tabs between the developer pages. */
export function DevNav({ current }: { current: (typeof DEV_ROUTES)[number]['id'] }) {
  return (
    <nav aria-label="開発者ページ">
      <ul className="tabs">
        {DEV_ROUTES.map((route) => (
          <li key={route.id}>
            <ShopLink href={route.path()} aria-current={route.id === current ? 'page' : undefined}>
              {route.title.replace('開発者ページ: ', '')}
            </ShopLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
