import { formatJstDate, ROUTES } from '@shop/rules';
import { Breadcrumb } from '../../../components/breadcrumb';
import { RelativeTime } from '../../../components/relative-time';
import type { NewsDetail } from '../../../types/api';

/** One news article. */
export function NewsPage({ data }: { data: { news: NewsDetail; relative: string } }) {
  const { news, relative } = data;
  return (
    <>
      <Breadcrumb items={[{ label: ROUTES.news.title }, { label: news.title }]} />
      <article>
        <h1 className="page-title">{news.title}</h1>
        <p className="muted">
          <span className="badge badge-reserve">{news.category}</span>{' '}
          {formatJstDate(news.published_at)}（
          <RelativeTime value={news.published_at} label={relative} />）
        </p>
        <div className="prose">
          {news.body.split(/\n+/).map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </div>
      </article>
    </>
  );
}
