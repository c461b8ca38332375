import { Hono } from 'hono';
import type * as z from 'zod';
import type { AppDeps } from '../deps';
import { documented, type OperationDoc } from '../lib/route-doc';
import { validate } from '../lib/validate';
import { idParamSchema } from '../schemas/params';
import { type StaffActor, staffAuth, staffOf } from '../staff/access';
import {
  galleryService,
  listBanners,
  newsService,
  setBannerOrder,
  showcaseService,
} from './content';
import { listContacts, updateContact } from './content-contacts';
import {
  type AdminGalleryEntry,
  type AdminNews,
  type AdminShowcase,
  adminGalleryEntrySchema,
  adminNewsSchema,
  adminShowcaseSchema,
  bannerListSchema,
  bannerOrderSchema,
  contactListQuery,
  contactMessageSchema,
  contactPatchSchema,
  contentListQuery,
  type GalleryInput,
  galleryInputSchema,
  galleryPatchSchema,
  type NewsInput,
  newsInputSchema,
  newsPatchSchema,
  type ShowcaseInput,
  showcaseInputSchema,
  showcasePatchSchema,
} from './content-schemas';
import { type ListPage, listPageSchema } from './list-page';

// /api/admin/ news/, showcases/, banners/, gallery/ and contacts/ (docs/backoffice.md,
// "Content"): handlers validate, call src/admin/content.ts or content-contacts.ts with the staff
// member, and answer.

const read = (summary: string, rest: Omit<OperationDoc, 'tag' | 'summary' | 'access'>) =>
  documented({ tag: 'admin', access: 'staff:read', summary, ...rest });
const write = (summary: string, rest: Omit<OperationDoc, 'tag' | 'summary' | 'access'>) =>
  documented({ tag: 'admin', access: 'staff:write', summary, ...rest });

const SLUG_TAKEN = '`slug_taken`: another entry has this slug';

/**
 * One content resource the back office lists, creates, edits and deletes the same way (news,
 * showcases, gallery entries): its service functions, schemas and what its four operations are
 * documented as.
 */
interface ContentResource<Input, View> {
  list: (deps: AppDeps, page: { limit: number; after?: number }) => Promise<ListPage<View>>;
  create: (deps: AppDeps, input: Input, actor: StaffActor) => Promise<View>;
  update: (deps: AppDeps, id: number, patch: Partial<Input>, actor: StaffActor) => Promise<View>;
  remove: (deps: AppDeps, id: number, actor: StaffActor) => Promise<void>;
  schemas: {
    view: z.ZodType<View>;
    input: z.ZodType<Input>;
    patch: z.ZodType<Partial<Input>>;
  };
  /** Each operation's summary and its error statuses. */
  docs: Record<'list' | 'create' | 'update' | 'remove', string> & {
    errors: Record<'create' | 'update' | 'remove', Record<number, string>>;
  };
}

/** GET/POST `<resource>/`, PATCH/DELETE `<resource>/:id/`. */
function contentResourceRoutes<Input, View>(deps: AppDeps, resource: ContentResource<Input, View>) {
  const { schemas, docs } = resource;
  return new Hono()
    .get(
      '/',
      read(docs.list, { response: listPageSchema(schemas.view) }),
      staffAuth(deps, 'read'),
      validate('query', contentListQuery),
      async (c) => {
        const { limit, cursor } = c.req.valid('query');
        return c.json(await resource.list(deps, { limit, after: cursor }));
      },
    )
    .post(
      '/',
      write(docs.create, {
        success: { 201: 'Created' },
        response: schemas.view,
        errors: docs.errors.create,
      }),
      staffAuth(deps, 'write'),
      validate('json', schemas.input),
      async (c) => c.json(await resource.create(deps, c.req.valid('json'), staffOf(c)), 201),
    )
    .patch(
      '/:id/',
      write(docs.update, { response: schemas.view, errors: docs.errors.update }),
      staffAuth(deps, 'write'),
      validate('param', idParamSchema),
      validate('json', schemas.patch),
      async (c) =>
        c.json(
          await resource.update(deps, c.req.valid('param').id, c.req.valid('json'), staffOf(c)),
        ),
    )
    .delete(
      '/:id/',
      write(docs.remove, { success: { 204: 'Deleted' }, errors: docs.errors.remove }),
      staffAuth(deps, 'write'),
      validate('param', idParamSchema),
      async (c) => {
        await resource.remove(deps, c.req.valid('param').id, staffOf(c));
        return c.body(null, 204);
      },
    );
}

const NEWS_NOT_FOUND = { 404: '`news_not_found`: no such news entry' };
const newsResource: ContentResource<NewsInput, AdminNews> = {
  ...newsService,
  schemas: { view: adminNewsSchema, input: newsInputSchema, patch: newsPatchSchema },
  docs: {
    list: 'News entries, drafts and scheduled ones included, newest first',
    create: 'Write a news entry (a draft, scheduled or published)',
    update: 'Edit a news entry (publishedAt null unpublishes it)',
    remove: 'Delete a news entry',
    errors: {
      create: { 409: SLUG_TAKEN },
      update: { ...NEWS_NOT_FOUND, 409: SLUG_TAKEN },
      remove: NEWS_NOT_FOUND,
    },
  },
};

const PRODUCT_NOT_FOUND = '`product_not_found`: a product id names no product';
const showcaseResource: ContentResource<ShowcaseInput, AdminShowcase> = {
  ...showcaseService,
  schemas: { view: adminShowcaseSchema, input: showcaseInputSchema, patch: showcasePatchSchema },
  docs: {
    list: 'Showcases, drafts and ended ones included, newest first',
    create: 'Create a showcase with its products',
    update: 'Edit a showcase (startsAt null unpublishes it; productIds replaces its products)',
    remove: 'Delete a showcase (and its place on the banners)',
    errors: {
      create: { 404: PRODUCT_NOT_FOUND, 409: SLUG_TAKEN },
      update: {
        404: `\`showcase_not_found\`: no such showcase; ${PRODUCT_NOT_FOUND}`,
        400: '`invalid_window`: endsAt would not be after the stored startsAt (or the reverse)',
        409: SLUG_TAKEN,
      },
      remove: { 404: '`showcase_not_found`: no such showcase' },
    },
  },
};

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

const GALLERY_LINKS =
  '`author_not_found` / `product_not_found`: authorId or productId names nothing';
const galleryResource: ContentResource<GalleryInput, AdminGalleryEntry> = {
  ...galleryService,
  schemas: { view: adminGalleryEntrySchema, input: galleryInputSchema, patch: galleryPatchSchema },
  docs: {
    list: 'Signed-book gallery entries, drafts included, newest first',
    create: 'Add a signed book to the gallery',
    update: 'Edit a gallery entry (publishedAt null unpublishes it)',
    remove: 'Delete a gallery entry',
    errors: {
      create: { 404: GALLERY_LINKS, 409: SLUG_TAKEN },
      update: {
        404: `\`gallery_entry_not_found\`: no such entry; ${GALLERY_LINKS}`,
        409: SLUG_TAKEN,
      },
      remove: { 404: '`gallery_entry_not_found`: no such entry' },
    },
  },
};

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
    .route('news/', contentResourceRoutes(deps, newsResource))
    .route('showcases/', contentResourceRoutes(deps, showcaseResource))
    .route('banners/', bannerRoutes(deps))
    .route('gallery/', contentResourceRoutes(deps, galleryResource))
    .route('contacts/', contactRoutes(deps));
}
