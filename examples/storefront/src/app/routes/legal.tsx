import { ROUTES } from '@shop/rules';
import { Breadcrumb } from '../../components/breadcrumb';
import { LegalNotice } from '../../features/guide/components/legal-notice';

export default function LegalPage() {
  return (
    <>
      <Breadcrumb items={[{ label: ROUTES.legal.title }]} />
      <h1 className="page-title">{ROUTES.legal.title}</h1>
      <LegalNotice />
    </>
  );
}
