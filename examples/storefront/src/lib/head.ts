import { THEME_COLORS } from '@shop/rules';
import type { PageHead } from '../app/page-payload';
import { documentTitle } from '../config';

interface HeadTag {
  /** 'name' or 'property' attribute, and its value. */
  key: ['name' | 'property', string];
  content: string;
}

/** The meta tags of a page head (description, robots, OGP), shared by the server and the client. */
export function headTags(head: PageHead, url: string): HeadTag[] {
  const title = documentTitle(head.title || null);
  const tags: HeadTag[] = [
    { key: ['name', 'description'], content: head.description },
    { key: ['property', 'og:title'], content: title },
    { key: ['property', 'og:description'], content: head.description },
    { key: ['property', 'og:type'], content: head.ogType },
    { key: ['property', 'og:url'], content: url },
    { key: ['property', 'og:site_name'], content: documentTitle(null) },
    { key: ['property', 'og:locale'], content: 'ja_JP' },
    { key: ['name', 'twitter:card'], content: head.ogImage ? 'summary_large_image' : 'summary' },
  ];
  if (head.ogImage) {
    tags.push({ key: ['property', 'og:image'], content: new URL(head.ogImage, url).href });
  }
  if (head.noindex) tags.push({ key: ['name', 'robots'], content: 'noindex' });
  return tags;
}

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The <title> and meta tags as HTML, for the server-rendered document. */
export function headHtml(head: PageHead, url: string): string {
  const title = escapeAttribute(documentTitle(head.title || null));
  const meta = headTags(head, url)
    .map(
      ({ key, content }) =>
        `<meta ${key[0]}="${key[1]}" content="${escapeAttribute(content)}" data-page-meta>`,
    )
    .join('');
  return `<title>${title}</title>${meta}<meta name="theme-color" content="${THEME_COLORS.primary[700]}">`;
}

/** Updates <title> and the meta tags after a client-side navigation. */
export function applyHead(head: PageHead): void {
  document.title = documentTitle(head.title || null);
  for (const element of document.head.querySelectorAll('meta[data-page-meta]')) element.remove();
  for (const { key, content } of headTags(head, window.location.href)) {
    const meta = document.createElement('meta');
    meta.setAttribute(key[0], key[1]);
    meta.setAttribute('content', content);
    meta.setAttribute('data-page-meta', '');
    document.head.append(meta);
  }
}
