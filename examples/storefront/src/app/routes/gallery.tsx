import { GalleryPage } from '../../features/gallery/components/gallery-page';
import type { GallerySummary, Paged } from '../../types/api';
import type { PageProps } from '../route-chunks';

export default function GalleryRoute({ data }: PageProps<Paged<GallerySummary>>) {
  return <GalleryPage data={data} />;
}
