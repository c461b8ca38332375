import { navGroup } from '../../app/admin-route';
import { BannersPage } from './banners-page';
import { ContactsPage } from './contacts-page';
import { GalleryPage, NewsPage, ShowcasesPage } from './content-page';

/** コンテンツ: news, showcases (the top page's banners), the signed-book gallery, the inbox. */
export const routes = navGroup('コンテンツ', [
  ['/content/news', NewsPage, 'read', 'お知らせ'],
  ['/content/showcases', ShowcasesPage, 'read', '特集'],
  ['/content/banners', BannersPage, 'read', 'バナー'],
  ['/content/gallery', GalleryPage, 'read', 'サイン本ギャラリー'],
  ['/contacts', ContactsPage, 'read', 'お問い合わせ'],
]);
