import { formatRelativeJa } from '@shop/rules';
import { SHOP_TAGLINE } from '../../config';
import { getHomedata } from '../../features/home/api/get-homedata';
import { ogImage, type PageLoader } from '../page-loaders';

export const loader: PageLoader = async ({ api, now }) => {
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
};
