import { ROUTES } from '@shop/rules';
import { Breadcrumb } from '../../components/breadcrumb';
import { FaqList } from '../../features/guide/components/faq-list';

export default function FaqPage() {
  return (
    <>
      <Breadcrumb items={[{ label: ROUTES.faq.title }]} />
      <h1 className="page-title">{ROUTES.faq.title}</h1>
      <FaqList />
    </>
  );
}
