import { NewsPage } from '../../features/news/components/news-page';
import type { NewsDetail } from '../../types/api';
import type { PageProps } from '../route-chunks';

export default function NewsRoute({ data }: PageProps<{ news: NewsDetail; relative: string }>) {
  return <NewsPage data={data} />;
}
