import { useAddToCart } from '../../features/cart/hooks/use-add-to-cart';
import type { PurchaseAction } from '../../features/catalog/api/purchase-actions';
import {
  type BenefitExpiryLabels,
  type PostponementLabel,
  ProductDetail,
} from '../../features/catalog/components/product-detail';
import type { ProductDetail as ProductDetailData } from '../../types/api';
import type { PageProps } from '../route-chunks';

export default function ProductPage({
  data,
}: PageProps<{
  product: ProductDetailData;
  postponements: PostponementLabel[];
  benefitExpiry: BenefitExpiryLabels;
  actions: Record<number, PurchaseAction>;
}>) {
  // The buy button adds through the cart feature; the catalog's page only shows it.
  const addToCart = useAddToCart();
  return (
    <ProductDetail
      product={data.product}
      postponements={data.postponements}
      benefitExpiry={data.benefitExpiry}
      actions={data.actions}
      addToCart={addToCart}
    />
  );
}
