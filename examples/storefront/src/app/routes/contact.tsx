import type { ContactSettings } from '../../features/contact/api/contact-settings';
import { ContactPage } from '../../features/contact/components/contact-page';
import type { PageProps } from '../route-chunks';

export default function ContactRoute({ data }: PageProps<ContactSettings>) {
  return <ContactPage data={data} />;
}
