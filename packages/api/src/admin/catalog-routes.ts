import { Hono } from 'hono';
import type { AppDeps } from '../deps';
import { ApiError } from '../errors';
import { documented } from '../lib/route-doc';
import { validate } from '../lib/validate';
import { idParamSchema } from '../schemas/params';
import { staffAuth, staffOf } from '../staff/access';
import {
  addVariation,
  createProduct,
  getProduct,
  listProducts,
  updateProduct,
  updateVariation,
} from './catalog';
import { COVER_MEDIA_TYPES, uploadCover } from './catalog-cover';
import { exportProducts, importProducts } from './catalog-import';
import {
  adminProductPageSchema,
  adminProductSchema,
  adminVariationAnswerSchema,
  createProductBodySchema,
  importAnswerSchema,
  importQuerySchema,
  productListQuerySchema,
  updateProductBodySchema,
  updateVariationBodySchema,
  variationBodySchema,
} from './catalog-schemas';

// The back office's catalog routes under /api/admin/ (docs/backoffice.md, "Catalog"): each
// validates, calls its service in admin/catalog*.ts with the staff member, and answers.

const MESSAGES = {
  csvType: 'CSVファイル（Content-Type: text/csv）を送ってください。',
  csvEncoding:
    'CSVはUTF-8で保存してください（Excelでは「CSV UTF-8（コンマ区切り）」を選んでください）。',
} as const;

const PRODUCT_NOT_FOUND = '`product_not_found`: no such product';
const VARIATION_ERRORS = {
  404: '`variation_not_found`: no such variation',
  409: '`variation_name_taken`: the product has a variation of that name; `price_pending_orders`: a 価格未定 variation with open reservations is priced by POST variations/{id}/price/',
};

/** The media type of a request, without its parameters (`text/csv; charset=utf-8` → `text/csv`). */
function mediaTypeOf(header: string | undefined): string {
  return (header ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}

export function catalogRoutes(deps: AppDeps) {
  return new Hono()
    .get(
      '/products/',
      documented({
        tag: 'admin',
        access: 'staff:read',
        summary: 'Products, newest first (keyset pages; `q` searches as the storefront does)',
        response: adminProductPageSchema,
      }),
      staffAuth(deps, 'read'),
      validate('query', productListQuerySchema),
      async (c) => c.json(await listProducts(deps, c.req.valid('query'))),
    )
    .post(
      '/products/',
      documented({
        tag: 'admin',
        access: 'staff:write',
        summary: 'Creates a product with its variations and benefits',
        success: { 201: 'Created: the product as GET products/{id}/ answers it' },
        response: adminProductSchema,
        errors: {
          400: '`invalid_product`: fields that do not go together (an UNRELEASED product needs a release date)',
          409: '`product_code_taken`: a product has this JAN/ISBN code; `variation_name_taken`: two variations of one name',
        },
      }),
      staffAuth(deps, 'write'),
      validate('json', createProductBodySchema),
      async (c) => c.json(await createProduct(deps, c.req.valid('json'), staffOf(c)), 201),
    )
    .get(
      '/products/export/',
      documented({
        tag: 'admin',
        access: 'staff:read',
        summary: 'Every product as a CSV file in the import format (one row per variation)',
        binary: {
          mediaType: 'text/csv',
          description:
            'UTF-8 with a BOM, CRLF, RFC 4180; the columns of docs/backoffice.md "Product CSV format". Importing it changes nothing',
        },
      }),
      staffAuth(deps, 'read'),
      (c) =>
        c.body(exportProducts(deps), 200, {
          'Content-Type': 'text/csv; charset=utf-8',
          'Content-Disposition': 'attachment; filename="products.csv"',
        }),
    )
    .post(
      '/products/import/',
      documented({
        tag: 'admin',
        access: 'staff:write',
        summary:
          'Imports a product CSV (body `text/csv`, UTF-8): all rows or none; `dryRun=1` only validates',
        rawBody: {
          mediaTypes: ['text/csv'],
          description: 'A product CSV (docs/backoffice.md, "Product CSV format"), UTF-8',
        },
        response: importAnswerSchema,
        errors: {
          400: '`invalid_csv`: every bad row in `details` with its `line`, `column` and message (nothing was written); also for a file not in UTF-8',
          413: '`csv_too_many_rows`: more than 5,000 data rows',
          415: '`csv_type_unsupported`: the body is not `text/csv`',
        },
      }),
      staffAuth(deps, 'write'),
      validate('query', importQuerySchema),
      async (c) => {
        const type = mediaTypeOf(c.req.header('content-type'));
        if (type !== 'text/csv' && type !== 'text/plain') {
          throw new ApiError(415, 'csv_type_unsupported', MESSAGES.csvType);
        }
        let text: string;
        try {
          text = new TextDecoder('utf-8', { fatal: true }).decode(await c.req.arrayBuffer());
        } catch {
          throw new ApiError(400, 'invalid_csv', MESSAGES.csvEncoding);
        }
        const dryRun = c.req.valid('query').dryRun === '1';
        return c.json(await importProducts(deps, text, dryRun, staffOf(c)));
      },
    )
    .get(
      '/products/:id/',
      documented({
        tag: 'admin',
        access: 'staff:read',
        summary: 'A product with every editable field, its variations and benefits',
        response: adminProductSchema,
        errors: { 404: PRODUCT_NOT_FOUND },
      }),
      staffAuth(deps, 'read'),
      validate('param', idParamSchema),
      async (c) => c.json(await getProduct(deps, c.req.valid('param').id)),
    )
    .patch(
      '/products/:id/',
      documented({
        tag: 'admin',
        access: 'staff:write',
        summary:
          'Changes the given fields of a product, and adds (no `id`) or changes (`id`) the listed benefits',
        response: adminProductSchema,
        errors: {
          400: '`invalid_product`: fields that do not go together',
          404: `${PRODUCT_NOT_FOUND}; \`benefit_not_found\`: a benefit id not of this product`,
          409: '`product_code_taken`; `release_date_has_orders`: a product with orders changes its release date by POST products/{id}/release-date/; `benefit_below_claimed`: a limit below the benefits handed out',
        },
      }),
      staffAuth(deps, 'write'),
      validate('param', idParamSchema),
      validate('json', updateProductBodySchema),
      async (c) =>
        c.json(await updateProduct(deps, c.req.valid('param').id, c.req.valid('json'), staffOf(c))),
    )
    .post(
      '/products/:id/variations/',
      documented({
        tag: 'admin',
        access: 'staff:write',
        summary: 'Adds a variation (版) at the end of the product’s list',
        success: { 201: 'Created' },
        response: adminVariationAnswerSchema,
        errors: { 404: PRODUCT_NOT_FOUND, 409: '`variation_name_taken`' },
      }),
      staffAuth(deps, 'write'),
      validate('param', idParamSchema),
      validate('json', variationBodySchema),
      async (c) =>
        c.json(
          await addVariation(deps, c.req.valid('param').id, c.req.valid('json'), staffOf(c)),
          201,
        ),
    )
    .put(
      '/products/:id/cover/',
      documented({
        tag: 'admin',
        access: 'staff:write',
        summary: "Replaces the product's cover with the image in the body",
        rawBody: {
          mediaTypes: COVER_MEDIA_TYPES,
          description: 'The cover image, at least 200 px wide',
        },
        response: adminProductSchema,
        errors: {
          400: '`invalid_cover`: not a readable image, or narrower than 200 px',
          404: PRODUCT_NOT_FOUND,
          415: '`cover_type_unsupported`: not JPEG, PNG or WebP',
        },
      }),
      staffAuth(deps, 'write'),
      validate('param', idParamSchema),
      async (c) => {
        const body = new Uint8Array(await c.req.arrayBuffer());
        const type = mediaTypeOf(c.req.header('content-type'));
        return c.json(await uploadCover(deps, c.req.valid('param').id, body, type, staffOf(c)));
      },
    )
    .patch(
      '/variations/:id/',
      documented({
        tag: 'admin',
        access: 'staff:write',
        summary:
          'Changes a variation’s name, price (null: 価格未定), points and stock; a restock mails 再入荷のお知らせ',
        response: adminVariationAnswerSchema,
        errors: VARIATION_ERRORS,
      }),
      staffAuth(deps, 'write'),
      validate('param', idParamSchema),
      validate('json', updateVariationBodySchema),
      async (c) =>
        c.json(
          await updateVariation(deps, c.req.valid('param').id, c.req.valid('json'), staffOf(c)),
        ),
    );
}
