import type { AdminProduct } from '@shop/api/types';

// The catalog API's answers (docs/backoffice.md "Catalog", "Shapes"), taken from the API's own
// response schemas (type-only: nothing of the API reaches the bundle), so the back office fails
// its type check when an answer changes shape.
export type {
  AdminProduct,
  AdminProductRow,
  ImportAnswer,
  ProductFields,
  VariationWrite,
} from '@shop/api/types';

export type AdminVariation = AdminProduct['variations'][number];
export type AdminBenefit = AdminProduct['benefits'][number];
