import {
  formatJstDate,
  formatReleaseDate,
  formatYenTaxIncluded,
  largeThumbnailUrl,
  parseUnitPrice,
} from '@shop/rules';
import { getProduct } from '../../features/catalog/api/get-product';
import { purchaseActions } from '../../features/catalog/api/purchase-actions';
import { ogImage, type PageLoader } from '../page-loaders';

export const loader: PageLoader = async ({ api, params, now }) => {
  const product = await getProduct(api, params.slug ?? '');
  const prices = product.variations
    .map((v) => parseUnitPrice(v.unit_price))
    .filter((yen): yen is number => yen !== null);
  const price = prices.length > 0 ? formatYenTaxIncluded(Math.min(...prices)) : '価格未定';
  return {
    data: {
      product,
      actions: purchaseActions(product, now),
      postponements: product.postponements.map((p) => ({
        key: p.announced_at,
        previous: formatReleaseDate(p.previous),
        next: p.next ? formatReleaseDate(p.next) : null,
        reason: p.reason,
      })),
      // Formatted here, like the postponements: the page's first load carries no date code.
      benefitExpiry: Object.fromEntries(
        product.active_benefits.flatMap((b) =>
          b.expiry_date ? [[b.title, formatJstDate(b.expiry_date)]] : [],
        ),
      ),
    },
    head: {
      title: product.title,
      description: `${product.title}（${product.release_date_label}・${price}）。${product.description}`,
      ogType: 'product',
      ogImage: ogImage(largeThumbnailUrl(product.cover_image)),
    },
  };
};
