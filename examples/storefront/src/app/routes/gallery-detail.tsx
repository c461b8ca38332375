import { GalleryDetailPage } from '../../features/gallery/components/gallery-detail-page';
import type { GalleryDetail } from '../../types/api';
import type { PageProps } from '../route-chunks';

export default function GalleryDetailRoute({ data }: PageProps<GalleryDetail>) {
  return <GalleryDetailPage data={data} />;
}
