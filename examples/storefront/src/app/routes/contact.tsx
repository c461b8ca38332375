import { ROUTES } from '@shop/rules';
import { Breadcrumb } from '../../components/breadcrumb';
import { ShopLink } from '../../components/shop-link';
import type { ContactSettings } from '../../features/contact/api/contact-settings';
import { ContactForm } from '../../features/contact/components/contact-form';
import type { PageProps } from '../route-chunks';

export default function ContactPage({ data }: PageProps<ContactSettings>) {
  return (
    <>
      <Breadcrumb items={[{ label: ROUTES.contact.title }]} />
      <h1 className="page-title">{ROUTES.contact.title}</h1>
      <p>
        お問い合わせの前に<ShopLink href={ROUTES.faq.path()}>よくあるご質問</ShopLink>
        もご覧ください。通常2営業日以内にメールでご返信します。
      </p>
      <ContactForm settings={data} />
    </>
  );
}
