import { ROUTES } from '@shop/rules';
import { Breadcrumb } from '../../components/breadcrumb';
import { TermsArticles } from '../../features/guide/components/terms-articles';

export default function TermsPage() {
  return (
    <>
      <Breadcrumb items={[{ label: ROUTES.terms.title }]} />
      <h1 className="page-title">{ROUTES.terms.title}</h1>
      <TermsArticles />
    </>
  );
}
