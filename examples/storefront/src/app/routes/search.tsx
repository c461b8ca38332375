import { SearchPage } from '../../features/search/components/search-page';
import type { SearchResult } from '../../types/api';
import type { PageProps } from '../route-chunks';

export default function SearchRoute({ data }: PageProps<SearchResult>) {
  return <SearchPage data={data} />;
}
