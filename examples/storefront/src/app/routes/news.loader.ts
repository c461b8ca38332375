import { formatRelativeJa } from '@shop/rules';
import { getNews } from '../../features/news/api/get-news';
import type { PageLoader } from '../page-loaders';

export const loader: PageLoader = async ({ api, params, now }) => {
  const news = await getNews(api, params.slug ?? '');
  return {
    data: { news, relative: formatRelativeJa(news.published_at, now) },
    head: { title: news.title, description: news.body.slice(0, 120), ogType: 'article' },
  };
};
