import type { ComicShelves } from '../../features/comic/api/get-comic-shelves';
import { ComicPage } from '../../features/comic/components/comic-page';
import type { PageProps } from '../route-chunks';

export default function ComicRoute({ data }: PageProps<ComicShelves>) {
  return <ComicPage data={data} />;
}
