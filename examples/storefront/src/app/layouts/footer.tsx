import { PRODUCT_LIST_TYPES, ROUTES, SALE_TERMS } from '@shop/rules';
import { ShopLink } from '../../components/shop-link';
import { SHOP_NAME } from '../../config';

/** A link of the footer: the page and what it says. */
interface FooterLink {
  href: string;
  label: string;
}

const toRoute = (route: { path: () => string; title: string }): FooterLink => ({
  href: route.path(),
  label: route.title,
});

const GUIDE_LINKS: FooterLink[] = [
  ROUTES.information,
  ROUTES.informationBundle,
  ROUTES.faq,
  ROUTES.contact,
  ROUTES.terms,
  ROUTES.legal,
].map(toRoute);

const LIST_LINKS: FooterLink[] = [
  ...[ROUTES.showcase, ROUTES.gallery, ROUTES.benefitList, ROUTES.comic].map(toRoute),
  ...[PRODUCT_LIST_TYPES[0], PRODUCT_LIST_TYPES[1], PRODUCT_LIST_TYPES[3]].map((list) => ({
    href: ROUTES.productList.path({ type: list.value }),
    label: list.label,
  })),
  ...[ROUTES.categories, ROUTES.genres].map(toRoute),
  ...SALE_TERMS.map((term) => ({
    href: ROUTES.saleList.path({ term: term.value }),
    label: `発売${term.label}`,
  })),
];

/** A footer column's links; none is prefetched (the footer is seen on every page). */
function FooterLinks({ links }: { links: FooterLink[] }) {
  return (
    <ul>
      {links.map((link) => (
        <li key={link.href}>
          <ShopLink href={link.href} prefetch={false}>
            {link.label}
          </ShopLink>
        </li>
      ))}
    </ul>
  );
}

/** The site footer: shopping guide, lists and the legal pages. */
export function Footer() {
  return (
    <footer className="site-footer">
      <div className="container footer-columns">
        <nav aria-label="ご利用ガイド">
          <h2 className="footer-heading">ご利用ガイド</h2>
          <FooterLinks links={GUIDE_LINKS} />
        </nav>
        <nav aria-label="特集・リスト">
          <h2 className="footer-heading">特集・リスト</h2>
          <FooterLinks links={LIST_LINKS} />
        </nav>
      </div>
      <p className="container copyright">
        <small>© {SHOP_NAME} ・ 表示価格はすべて税込です。</small>
      </p>
    </footer>
  );
}
