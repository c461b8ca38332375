import { ROUTES } from '@shop/rules';
import { Breadcrumb } from '../../components/breadcrumb';
import { RenewalNotice } from '../../features/guide/components/renewal-notice';

export default function RenewalPage() {
  return (
    <>
      <Breadcrumb items={[{ label: ROUTES.renewal.title }]} />
      <h1 className="page-title">{ROUTES.renewal.title}</h1>
      <RenewalNotice />
    </>
  );
}
