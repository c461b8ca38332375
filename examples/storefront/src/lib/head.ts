import { THEME_COLORS } from '@shop/rules';
import { documentTitle } from '../config';
import type { PageHead } from './page-payload';

interface HeadTag {
  /** 'name' or 'property' attribute, and its value. */
  key: ['name' | 'property', string];
  content: string;
}

/**
 * The absolute URL of a page on the shop's configured public origin, or null without one: the
 * origin a request claims (its Host header) is the client's to write, so it never makes a URL.
 */
export function absolutePageUrl(publicOrigin: string | undefined, href: string): string | null {
  return publicOrigin === undefined ? null : new URL(href, publicOrigin).href;
}

/**
 * The meta tags of a page head (description, robots, OGP), shared by the server and the client.
 * Without the page's absolute URL (no public origin configured), og:url and og:image, which
 * must be absolute, are left out.
 */
export function headTags(head: PageHead, url: string | null): HeadTag[] {
  const title = documentTitle(head.title || null);
  const tags: HeadTag[] = [
    { key: ['name', 'description'], content: head.description },
    { key: ['property', 'og:title'], content: title },
    { key: ['property', 'og:description'], content: head.description },
    { key: ['property', 'og:type'], content: head.ogType },
    ...(url === null ? [] : [{ key: ['property', 'og:url'], content: url } satisfies HeadTag]),
    { key: ['property', 'og:site_name'], content: documentTitle(null) },
    { key: ['property', 'og:locale'], content: 'ja_JP' },
  ];
  const image = head.ogImage && url !== null ? new URL(head.ogImage, url).href : null;
  tags.push({ key: ['name', 'twitter:card'], content: image ? 'summary_large_image' : 'summary' });
  if (image) tags.push({ key: ['property', 'og:image'], content: image });
  if (head.noindex) tags.push({ key: ['name', 'robots'], content: 'noindex' });
  return tags;
}

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The <title> and meta tags as HTML, for the server-rendered document. */
export function headHtml(head: PageHead, url: string | null): string {
  const title = escapeAttribute(documentTitle(head.title || null));
  const meta = headTags(head, url)
    .map(
      ({ key, content }) =>
        `<meta ${key[0]}="${key[1]}" content="${escapeAttribute(content)}" data-page-meta>`,
    )
    .join('');
  return `<title>${title}</title>${meta}<meta name="theme-color" content="${THEME_COLORS.primary[700]}">`;
}

/** Updates <title> and the meta tags after a client-side navigation to the page at `url`. */
export function applyHead(head: PageHead, url: string | null): void {
  document.title = documentTitle(head.title || null);
  for (const element of document.head.querySelectorAll('meta[data-page-meta]')) element.remove();
  for (const { key, content } of headTags(head, url)) {
    const meta = document.createElement('meta');
    meta.setAttribute(key[0], key[1]);
    meta.setAttribute('content', content);
    meta.setAttribute('data-page-meta', '');
    document.head.append(meta);
  }
}
