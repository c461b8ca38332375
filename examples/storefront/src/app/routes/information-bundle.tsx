import { InformationBundlePage } from '../../features/guide/components/information-bundle-page';

export default function InformationBundleRoute() {
  return <InformationBundlePage />;
}
