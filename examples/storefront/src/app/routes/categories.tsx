import { CategoryTreePage } from '../../features/catalog/components/category-tree';

export default function CategoriesRoute() {
  return <CategoryTreePage />;
}
