import { PRODUCT_LIST_TYPES, ROUTES, SALE_TERMS } from '@shop/rules';
import { ShopLink } from '../../components/shop-link';
import { SHOP_NAME } from '../../config';

const GUIDE_LINKS = [
  ROUTES.information,
  ROUTES.informationBundle,
  ROUTES.faq,
  ROUTES.contact,
  ROUTES.terms,
  ROUTES.legal,
] as const;

const LIST_LINKS = [ROUTES.showcase, ROUTES.gallery, ROUTES.benefitList, ROUTES.comic] as const;

/** The site footer: shopping guide, lists and the legal pages. */
export function Footer() {
  return (
    <footer className="site-footer">
      <div className="container footer-columns">
        <nav aria-label="ご利用ガイド">
          <h2 className="footer-heading">ご利用ガイド</h2>
          <ul>
            {GUIDE_LINKS.map((route) => (
              <li key={route.id}>
                <ShopLink href={route.path()} prefetch={false}>
                  {route.title}
                </ShopLink>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-label="特集・リスト">
          <h2 className="footer-heading">特集・リスト</h2>
          <ul>
            {LIST_LINKS.map((route) => (
              <li key={route.id}>
                <ShopLink href={route.path()} prefetch={false}>
                  {route.title}
                </ShopLink>
              </li>
            ))}
            {[PRODUCT_LIST_TYPES[0], PRODUCT_LIST_TYPES[1], PRODUCT_LIST_TYPES[3]].map((list) => (
              <li key={list.value}>
                <ShopLink href={ROUTES.productList.path({ type: list.value })} prefetch={false}>
                  {list.label}
                </ShopLink>
              </li>
            ))}
            {[ROUTES.categories, ROUTES.genres].map((route) => (
              <li key={route.id}>
                <ShopLink href={route.path()} prefetch={false}>
                  {route.title}
                </ShopLink>
              </li>
            ))}
            {SALE_TERMS.map((term) => (
              <li key={term.value}>
                <ShopLink href={ROUTES.saleList.path({ term: term.value })} prefetch={false}>
                  発売{term.label}
                </ShopLink>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <p className="container copyright">
        <small>© {SHOP_NAME} ・ 表示価格はすべて税込です。</small>
      </p>
    </footer>
  );
}
