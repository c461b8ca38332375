import { formatJstDate, type RankingType, ROUTES } from '@shop/rules';
import { Breadcrumb } from '../../../components/breadcrumb';
import { ProductGrid } from '../../../components/product-card';
import type { Ranking } from '../../../types/api';
import { RankingTabs } from './ranking-tabs';

/** A ranking of best sellers over its period, with the tabs of the other periods. */
export function RankingPage({ data }: { data: Ranking }) {
  const title = `${data.label}ランキング`;
  return (
    <>
      <Breadcrumb
        items={[
          { label: ROUTES.ranking.title, href: ROUTES.ranking.path({ type: 'daily' }) },
          { label: title },
        ]}
      />
      <h1 className="page-title">{title}</h1>
      <RankingTabs current={data.type as RankingType} />
      <p className="muted">
        集計期間: {formatJstDate(data.from)}〜{formatJstDate(data.to)}
      </p>
      <ProductGrid
        products={data.items.map((item) => item.product)}
        ranks={data.items.map((item) => item.rank)}
        eager={5}
        label={title}
      />
    </>
  );
}
