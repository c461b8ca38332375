import {
  formatJstDate,
  formatRelativeJa,
  formatReleaseDate,
  formatYenTaxIncluded,
  imageUrl,
  largeThumbnailUrl,
  PRODUCT_LIST_TYPES,
  parseSearchParams,
  parseUnitPrice,
  type RankingType,
  ROUTES,
  SALE_TERMS,
  type SaleTerm,
} from '@shop/rules';
import { SHOP_TAGLINE } from '../config';
import { getProduct } from '../features/catalog/api/get-product';
import { purchaseActions } from '../features/catalog/api/purchase-actions';
import { getComicShelves } from '../features/comic/api/get-comic-shelves';
import { getContactSettings } from '../features/contact/api/contact-settings';
import { getProcessInfo } from '../features/dev/api/get-process-info';
import { probeApi } from '../features/dev/api/probe-api';
import { getGalleryEntry, listGallery } from '../features/gallery/api/get-gallery';
import { getHomedata } from '../features/home/api/get-homedata';
import { getNews } from '../features/news/api/get-news';
import { getProductList, getSaleList } from '../features/product-lists/api/get-product-list';
import { LIST_LEADS } from '../features/product-lists/components/list-leads';
import { getRanking } from '../features/ranking/api/get-ranking';
import { searchProducts } from '../features/search/api/search-products';
import { searchTitle } from '../features/search/components/search-summary';
import { getShowcase, listShowcases } from '../features/showcase/api/get-showcases';
import type { PageHead } from '../lib/page-payload';
import { ACCOUNT_LOADERS } from './account-loaders';
import { type PageLoaders, pageParam } from './page-loaders';

const devHead = (title: string): PageHead => ({
  title,
  description: '開発者向けページ',
  ogType: 'website',
  noindex: true,
});

/** The `date` query parameter of the release lists: a calendar day, else today (the API's default). */
function dateParam(search: URLSearchParams): string | undefined {
  const raw = search.get('date') ?? '';
  return /^\d{4}-\d{2}-\d{2}$/.test(raw) ? raw : undefined;
}

const paged = (title: string, page: number) => (page > 1 ? `${title}（${page}ページ目）` : title);

/** OGP images are product covers and banners through /_image, at the large width. */
const ogImage = (src: string) => imageUrl(src, { width: 1200 });

/** A page without API data: its route title and a description written for search results. */
const staticPage =
  (title: string, description: string, extra: Partial<PageHead> = {}) =>
  async () => ({ data: null, head: { title, description, ogType: 'website' as const, ...extra } });

/**
 * The data loader of each route, run on the server only (for the document and for the payload
 * JSON). A route without one renders from its route title alone.
 */
export const PAGE_LOADERS: PageLoaders = {
  top: async ({ api, now }) => {
    const home = await getHomedata(api);
    const banner = home.showcases[0]?.image;
    return {
      data: {
        home,
        relative: Object.fromEntries(
          home.news.map((news) => [news.slug, formatRelativeJa(news.published_at, now)]),
        ),
      },
      head: {
        title: '',
        description: `${SHOP_TAGLINE}。コミック・雑誌・小説・画集・TRPG・BL・同人誌の新刊予約、本日発売、ランキング、購入特典付き商品をご紹介します。`,
        ogType: 'website',
        ...(banner ? { ogImage: ogImage(banner) } : {}),
      },
    };
  },
  comic: async ({ api }) => ({
    data: await getComicShelves(api),
    head: {
      title: ROUTES.comic.title,
      description: 'コミックの新刊・予約受付中の商品・人気の作品をご紹介します。',
      ogType: 'website',
    },
  }),
  product: async ({ api, params, now }) => {
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
  },
  search: async ({ api, search }) => {
    const query = parseSearchParams(search);
    const result = await searchProducts(api, query);
    const title = searchTitle(result.query);
    return {
      data: result,
      head: {
        title: paged(title, result.page),
        description: `${title}（${result.total}件）。新刊・予約商品を探せます。`,
        ogType: 'website',
      },
    };
  },
  ranking: async ({ api, params }) => {
    const ranking = await getRanking(api, params.type as RankingType);
    return {
      data: ranking,
      head: {
        title: `${ranking.label}ランキング`,
        description: `${ranking.label}の売れ筋ランキング（${ranking.from}〜${ranking.to}）。`,
        ogType: 'website',
      },
    };
  },
  saleList: async ({ api, params, search }) => {
    const term = params.term as SaleTerm;
    const date = dateParam(search);
    const list = await getSaleList(api, term, {
      ...(date ? { date } : {}),
      page: pageParam(search),
    });
    const label = SALE_TERMS.find((t) => t.value === term)?.label ?? '';
    return {
      data: list,
      head: {
        title: paged(`発売${label}（${list.from}〜${list.to}）`, list.page),
        description: `${list.from}〜${list.to}に発売される商品の一覧です（${list.total}点）。`,
        ogType: 'website',
      },
    };
  },
  productList: async ({ api, params, search }) => {
    const type = params.type as 'add' | 'delay';
    const list = await getProductList(api, type, pageParam(search));
    const title = PRODUCT_LIST_TYPES.find((t) => t.value === type)?.label ?? '';
    return {
      data: list,
      head: { title: paged(title, list.page), description: LIST_LEADS[type], ogType: 'website' },
    };
  },
  benefitList: async ({ api, search }) => {
    const list = await getProductList(api, 'benefit', pageParam(search));
    return {
      data: list,
      head: {
        title: paged(ROUTES.benefitList.title, list.page),
        description: LIST_LEADS.benefit,
        ogType: 'website',
      },
    };
  },
  news: async ({ api, params, now }) => {
    const news = await getNews(api, params.slug ?? '');
    return {
      data: { news, relative: formatRelativeJa(news.published_at, now) },
      head: { title: news.title, description: news.body.slice(0, 120), ogType: 'article' },
    };
  },
  showcase: async ({ api }) => ({
    data: { items: await listShowcases(api) },
    head: {
      title: ROUTES.showcase.title,
      description: 'スタッフおすすめの作品を集めた開催中の特集です。',
      ogType: 'website',
    },
  }),
  showcaseDetail: async ({ api, params }) => {
    const showcase = await getShowcase(api, params.slug ?? '');
    return {
      data: showcase,
      head: {
        title: showcase.title,
        description: showcase.description,
        ogType: 'website',
        ogImage: ogImage(showcase.image),
      },
    };
  },
  gallery: async ({ api, search }) => {
    const gallery = await listGallery(api, pageParam(search));
    return {
      data: gallery,
      head: {
        title: paged(ROUTES.gallery.title, gallery.page),
        description: '著者のサイン入り本の入荷情報です。',
        ogType: 'website',
      },
    };
  },
  galleryDetail: async ({ api, params }) => {
    const entry = await getGalleryEntry(api, params.slug ?? '');
    return {
      data: entry,
      head: {
        title: entry.title,
        description: entry.body.slice(0, 120),
        ogType: 'article',
        ogImage: ogImage(entry.image),
      },
    };
  },
  renewal: staticPage(ROUTES.renewal.title, 'サイトリニューアルの主な変更点をご案内します。'),
  temporaryRenewal: staticPage(
    ROUTES.temporaryRenewal.title,
    'サイトリニューアルの主な変更点をご案内します。',
  ),
  faq: staticPage(
    ROUTES.faq.title,
    '予約・特典・送料・お支払いなど、よくあるご質問にお答えします。',
  ),
  legal: staticPage(
    ROUTES.legal.title,
    '販売業者、所在地、販売価格、送料・手数料、支払方法、引渡時期、返品についての表記です。',
  ),
  terms: staticPage(ROUTES.terms.title, '通信販売サービスの利用規約です。'),
  information: staticPage(
    ROUTES.information.title,
    'ご注文の流れ、送料、お支払い方法、ポイントについてご案内します。',
  ),
  informationBundle: staticPage(
    ROUTES.informationBundle.title,
    '複数のご注文をまとめてお届けし、送料が一度で済むおまとめ配送のご案内です。',
  ),
  contact: async ({ api }) => ({
    data: await getContactSettings(api),
    head: {
      title: ROUTES.contact.title,
      description: 'ご注文・商品・予約についてのお問い合わせはこちらから。',
      ogType: 'website',
    },
  }),
  contactSent: staticPage(ROUTES.contactSent.title, 'お問い合わせを受け付けました。', {
    noindex: true,
  }),
  dev: async ({ settings }) => ({
    data: getProcessInfo(settings),
    head: devHead(ROUTES.dev.title),
  }),
  devProcess: async ({ settings }) => ({
    data: getProcessInfo(settings),
    head: devHead(ROUTES.devProcess.title),
  }),
  devProxy: async ({ api }) => ({
    data: { probes: await probeApi(api, ['/api/health/', '/api/homedata/']) },
    head: devHead(ROUTES.devProxy.title),
  }),
  devSnackbar: async () => ({ data: null, head: devHead(ROUTES.devSnackbar.title) }),
  // ── cart, checkout and account pages (src/app/account-loaders.ts) ──
  ...ACCOUNT_LOADERS,
};
