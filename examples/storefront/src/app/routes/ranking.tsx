import { RankingPage } from '../../features/ranking/components/ranking-page';
import type { Ranking } from '../../types/api';
import type { PageProps } from '../route-chunks';

export default function RankingRoute({ data }: PageProps<Ranking>) {
  return <RankingPage data={data} />;
}
