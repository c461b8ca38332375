import { HomePage } from '../../features/home/components/home-page';
import type { Homedata } from '../../types/api';
import type { PageProps } from '../route-chunks';

export default function TopPage({
  data,
}: PageProps<{ home: Homedata; relative: Record<string, string> }>) {
  return <HomePage home={data.home} relative={data.relative} />;
}
