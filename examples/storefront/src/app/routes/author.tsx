import { ROUTES } from '@shop/rules';
import { WorksPage } from '../../features/catalog/components/works-page';
import type { AuthorDetail } from '../../types/api';
import type { PageProps } from '../route-chunks';

export default function AuthorRoute({ data }: PageProps<AuthorDetail>) {
  return (
    <WorksPage
      kind={data.kind === 'circle' ? 'サークル' : '作者'}
      name={data.name}
      reading={data.name_kana}
      products={data.products}
      path={ROUTES.author.path({ slug: data.slug })}
    />
  );
}
