import { Hono } from 'hono';
import type { AppDeps } from '../deps';
import { documented, type OperationDoc } from '../lib/route-doc';
import { validate } from '../lib/validate';
import { idParamSchema } from '../schemas/params';
import { staffAuth, staffOf } from '../staff/access';
import {
  createGalleryEntry,
  createNews,
  createShowcase,
  deleteGalleryEntry,
  deleteNews,
  deleteShowcase,
  listAdminGallery,
  listAdminNews,
  listAdminShowcases,
  listBanners,
  setBannerOrder,
  updateGalleryEntry,
  updateNews,
  updateShowcase,
} from './content';
import { listContacts, updateContact } from './content-contacts';
import {
  adminGalleryEntrySchema,
  adminNewsSchema,
  adminShowcaseSchema,
  bannerListSchema,
  bannerOrderSchema,
  contactListQuery,
  contactMessageSchema,
  contactPatchSchema,
  contentListQuery,
  galleryInputSchema,
  galleryPatchSchema,
  newsInputSchema,
  newsPatchSchema,
  showcaseInputSchema,
  showcasePatchSchema,
} from './content-schemas';
import { listPageSchema } from './list-page';

// /api/admin/ news/, showcases/, banners/, gallery/ and contacts/ (docs/backoffice.md,
// "Content"): handlers validate, call src/admin/content.ts or content-contacts.ts with the staff
// member, and answer.

const read = (summary: string, rest: Omit<OperationDoc, 'tag' | 'summary' | 'access'>) =>
  documented({ tag: 'admin', access: 'staff:read', summary, ...rest });
const write = (summary: string, rest: Omit<OperationDoc, 'tag' | 'summary' | 'access'>) =>
  documented({ tag: 'admin', access: 'staff:write', summary, ...rest });

const SLUG_TAKEN = '`slug_taken`: another entry has this slug';

/** GET/POST news/, PATCH/DELETE news/:id/. */
function newsRoutes(deps: AppDeps) {
  const NOT_FOUND = { 404: '`news_not_found`: no such news entry' };
  return new Hono()
    .get(
      '/',
      read('News entries, drafts and scheduled ones included, newest first', {
        response: listPageSchema(adminNewsSchema),
      }),
      staffAuth(deps, 'read'),
      validate('query', contentListQuery),
      async (c) => {
        const { limit, cursor } = c.req.valid('query');
        return c.json(await listAdminNews(deps, { limit, after: cursor }));
      },
    )
    .post(
      '/',
      write('Write a news entry (a draft, scheduled or published)', {
        success: { 201: 'Created' },
        response: adminNewsSchema,
        errors: { 409: SLUG_TAKEN },
      }),
      staffAuth(deps, 'write'),
      validate('json', newsInputSchema),
      async (c) => c.json(await createNews(deps, c.req.valid('json'), staffOf(c)), 201),
    )
    .patch(
      '/:id/',
      write('Edit a news entry (publishedAt null unpublishes it)', {
        response: adminNewsSchema,
        errors: { ...NOT_FOUND, 409: SLUG_TAKEN },
      }),
      staffAuth(deps, 'write'),
      validate('param', idParamSchema),
      validate('json', newsPatchSchema),
      async (c) =>
        c.json(await updateNews(deps, c.req.valid('param').id, c.req.valid('json'), staffOf(c))),
    )
    .delete(
      '/:id/',
      write('Delete a news entry', { success: { 204: 'Deleted' }, errors: NOT_FOUND }),
      staffAuth(deps, 'write'),
      validate('param', idParamSchema),
      async (c) => {
        await deleteNews(deps, c.req.valid('param').id, staffOf(c));
        return c.body(null, 204);
      },
    );
}

/** GET/POST showcases/, PATCH/DELETE showcases/:id/. */
function showcaseRoutes(deps: AppDeps) {
  const NOT_FOUND = {
    404: '`showcase_not_found`: no such showcase; `product_not_found`: a product id names no product',
  };
  return new Hono()
    .get(
      '/',
      read('Showcases, drafts and ended ones included, newest first', {
        response: listPageSchema(adminShowcaseSchema),
      }),
      staffAuth(deps, 'read'),
      validate('query', contentListQuery),
      async (c) => {
        const { limit, cursor } = c.req.valid('query');
        return c.json(await listAdminShowcases(deps, { limit, after: cursor }));
      },
    )
    .post(
      '/',
      write('Create a showcase with its products', {
        success: { 201: 'Created' },
        response: adminShowcaseSchema,
        errors: {
          404: '`product_not_found`: a product id names no product',
          409: SLUG_TAKEN,
        },
      }),
      staffAuth(deps, 'write'),
      validate('json', showcaseInputSchema),
      async (c) => c.json(await createShowcase(deps, c.req.valid('json'), staffOf(c)), 201),
    )
    .patch(
      '/:id/',
      write('Edit a showcase (startsAt null unpublishes it; productIds replaces its products)', {
        response: adminShowcaseSchema,
        errors: {
          ...NOT_FOUND,
          400: '`invalid_window`: endsAt would not be after the stored startsAt (or the reverse)',
          409: SLUG_TAKEN,
        },
      }),
      staffAuth(deps, 'write'),
      validate('param', idParamSchema),
      validate('json', showcasePatchSchema),
      async (c) =>
        c.json(
          await updateShowcase(deps, c.req.valid('param').id, c.req.valid('json'), staffOf(c)),
        ),
    )
    .delete(
      '/:id/',
      write('Delete a showcase (and its place on the banners)', {
        success: { 204: 'Deleted' },
        errors: { 404: '`showcase_not_found`: no such showcase' },
      }),
      staffAuth(deps, 'write'),
      validate('param', idParamSchema),
      async (c) => {
        await deleteShowcase(deps, c.req.valid('param').id, staffOf(c));
        return c.body(null, 204);
      },
    );
}

/** GET/PUT banners/: the showcases on the top page's banners and their order. */
function bannerRoutes(deps: AppDeps) {
  return new Hono()
    .get(
      '/',
      read('The top page banners: the placed showcases in their order', {
        response: bannerListSchema,
      }),
      staffAuth(deps, 'read'),
      async (c) => c.json(await listBanners(deps)),
    )
    .put(
      '/',
      write('Set the top page banners: these showcases in this order, no other', {
        response: bannerListSchema,
        errors: { 404: '`showcase_not_found`: an id names no showcase' },
      }),
      staffAuth(deps, 'write'),
      validate('json', bannerOrderSchema),
      async (c) => c.json(await setBannerOrder(deps, c.req.valid('json').showcaseIds, staffOf(c))),
    );
}

/** GET/POST gallery/, PATCH/DELETE gallery/:id/. */
function galleryRoutes(deps: AppDeps) {
  const LINKS = {
    404: '`author_not_found` / `product_not_found`: authorId or productId names nothing',
  };
  return new Hono()
    .get(
      '/',
      read('Signed-book gallery entries, drafts included, newest first', {
        response: listPageSchema(adminGalleryEntrySchema),
      }),
      staffAuth(deps, 'read'),
      validate('query', contentListQuery),
      async (c) => {
        const { limit, cursor } = c.req.valid('query');
        return c.json(await listAdminGallery(deps, { limit, after: cursor }));
      },
    )
    .post(
      '/',
      write('Add a signed book to the gallery', {
        success: { 201: 'Created' },
        response: adminGalleryEntrySchema,
        errors: { ...LINKS, 409: SLUG_TAKEN },
      }),
      staffAuth(deps, 'write'),
      validate('json', galleryInputSchema),
      async (c) => c.json(await createGalleryEntry(deps, c.req.valid('json'), staffOf(c)), 201),
    )
    .patch(
      '/:id/',
      write('Edit a gallery entry (publishedAt null unpublishes it)', {
        response: adminGalleryEntrySchema,
        errors: {
          404: `\`gallery_entry_not_found\`: no such entry; ${LINKS[404]}`,
          409: SLUG_TAKEN,
        },
      }),
      staffAuth(deps, 'write'),
      validate('param', idParamSchema),
      validate('json', galleryPatchSchema),
      async (c) =>
        c.json(
          await updateGalleryEntry(deps, c.req.valid('param').id, c.req.valid('json'), staffOf(c)),
        ),
    )
    .delete(
      '/:id/',
      write('Delete a gallery entry', {
        success: { 204: 'Deleted' },
        errors: { 404: '`gallery_entry_not_found`: no such entry' },
      }),
      staffAuth(deps, 'write'),
      validate('param', idParamSchema),
      async (c) => {
        await deleteGalleryEntry(deps, c.req.valid('param').id, staffOf(c));
        return c.body(null, 204);
      },
    );
}

/** GET contacts/, PATCH contacts/:id/: the contact form's inbox. */
function contactRoutes(deps: AppDeps) {
  return new Hono()
    .get(
      '/',
      read('Contact form messages, newest first (optionally one status)', {
        response: listPageSchema(contactMessageSchema),
      }),
      staffAuth(deps, 'read'),
      validate('query', contactListQuery),
      async (c) => {
        const { status, limit, cursor } = c.req.valid('query');
        return c.json(await listContacts(deps, { status, limit, after: cursor }));
      },
    )
    .patch(
      '/:id/',
      write("Set a message's status and/or the staff's note", {
        response: contactMessageSchema,
        errors: { 404: '`contact_not_found`: no such message' },
      }),
      staffAuth(deps, 'write'),
      validate('param', idParamSchema),
      validate('json', contactPatchSchema),
      async (c) =>
        c.json(await updateContact(deps, c.req.valid('param').id, c.req.valid('json'), staffOf(c))),
    );
}

/** The content area of /api/admin/: each resource mounted by src/staff/routes.ts. */
export function contentRoutes(deps: AppDeps) {
  return new Hono()
    .route('news/', newsRoutes(deps))
    .route('showcases/', showcaseRoutes(deps))
    .route('banners/', bannerRoutes(deps))
    .route('gallery/', galleryRoutes(deps))
    .route('contacts/', contactRoutes(deps));
}
