import { ROUTES } from '@shop/rules';
import { Breadcrumb } from '../../../components/breadcrumb';
import { ShopLink } from '../../../components/shop-link';
import type { ContactSettings } from '../api/contact-settings';
import { ContactForm } from './contact-form';

/** The contact page: its lead and the form. */
export function ContactPage({ data }: { data: ContactSettings }) {
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
