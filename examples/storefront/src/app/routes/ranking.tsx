import { formatJstDate, type RankingType, ROUTES } from '@shop/rules';
import { Breadcrumb } from '../../components/breadcrumb';
import { ProductGrid } from '../../components/product-card';
import { RankingTabs } from '../../features/ranking/components/ranking-tabs';
import type { Ranking } from '../../types/api';
import type { PageProps } from '../route-chunks';

export default function RankingPage({ data }: PageProps<Ranking>) {
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
