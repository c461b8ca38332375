import { ROUTES } from '@shop/rules';
import type { ProductCard as ProductCardData } from '../types/api';
import { AdultCover } from './age-gate';
import { CoverImage } from './cover-image';
import { Price } from './price';
import { ProductBadges } from './product-badges';
import { ShopLink } from './shop-link';

/** The list width of a cover in CSS pixels: the catalog's 240-wide thumbnails. */
export const CARD_COVER_WIDTH = 240;

export function ProductCard({
  product,
  rank,
  eager = false,
  priority = false,
}: {
  product: ProductCardData;
  /** Position in a ranking, shown over the cover. */
  rank?: number;
  eager?: boolean;
  priority?: boolean;
}) {
  return (
    <article className="product-card">
      {rank !== undefined ? (
        <span className={`rank rank-${rank}`}>
          {rank}
          <span className="visually-hidden">位</span>
        </span>
      ) : null}
      <ShopLink href={ROUTES.product.path({ slug: product.slug })}>
        <AdultCover adult={product.is_adult}>
          <CoverImage
            src={product.cover_image}
            alt=""
            width={CARD_COVER_WIDTH}
            eager={eager}
            priority={priority}
          />
        </AdultCover>
        <h3 className="product-card-title">{product.title}</h3>
      </ShopLink>
      <ProductBadges product={product} />
      <p className="product-card-meta">{product.release_date_label}</p>
      <p className="product-card-meta">
        <Price yen={product.min_price} undecided={product.price_undecided} />
      </p>
    </article>
  );
}

/**
 * A grid of product cards. The first `eager` covers load at once (they are above the fold) and,
 * when the grid leads the page, the first one is fetched first (it is the page's LCP).
 */
export function ProductGrid({
  products,
  ranks,
  eager = 0,
  leadsPage = eager > 0,
  label,
}: {
  products: ProductCardData[];
  ranks?: number[];
  eager?: number;
  leadsPage?: boolean;
  label?: string;
}) {
  if (products.length === 0) return <p className="muted">該当する商品はありません。</p>;
  return (
    <ul className="product-grid" aria-label={label}>
      {products.map((product, index) => (
        // The card is where Back returns to (lib/scroll-memory.ts).
        <li key={product.slug} data-scroll-anchor={product.slug}>
          <ProductCard
            product={product}
            eager={index < eager}
            priority={leadsPage && index === 0}
            {...(ranks?.[index] !== undefined ? { rank: ranks[index] } : {})}
          />
        </li>
      ))}
    </ul>
  );
}
