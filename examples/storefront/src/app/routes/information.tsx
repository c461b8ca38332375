import { InformationPage } from '../../features/guide/components/information-page';

export default function InformationRoute() {
  return <InformationPage />;
}
