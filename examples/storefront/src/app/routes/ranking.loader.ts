import type { RankingType } from '@shop/rules';
import { getRanking } from '../../features/ranking/api/get-ranking';
import type { PageLoader } from '../page-loaders';

export const loader: PageLoader = async ({ api, params }) => {
  const ranking = await getRanking(api, params.type as RankingType);
  return {
    data: ranking,
    head: {
      title: `${ranking.label}ランキング`,
      description: `${ranking.label}の売れ筋ランキング（${ranking.from}〜${ranking.to}）。`,
      ogType: 'website',
    },
  };
};
