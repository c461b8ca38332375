import type { AdminRoute } from '../../app/admin-route';
import { BannersPage } from './banners-page';
import { ContactsPage } from './contacts-page';
import { GalleryPage, NewsPage, ShowcasesPage } from './content-page';

/** コンテンツ: news, showcases (the top page's banners), the signed-book gallery, the inbox. */
export const routes: AdminRoute[] = [
  {
    path: '/content/news',
    component: NewsPage,
    permission: 'read',
    nav: { group: 'コンテンツ', label: 'お知らせ' },
  },
  {
    path: '/content/showcases',
    component: ShowcasesPage,
    permission: 'read',
    nav: { group: 'コンテンツ', label: '特集' },
  },
  {
    path: '/content/banners',
    component: BannersPage,
    permission: 'read',
    nav: { group: 'コンテンツ', label: 'バナー' },
  },
  {
    path: '/content/gallery',
    component: GalleryPage,
    permission: 'read',
    nav: { group: 'コンテンツ', label: 'サイン本ギャラリー' },
  },
  {
    path: '/contacts',
    component: ContactsPage,
    permission: 'read',
    nav: { group: 'コンテンツ', label: 'お問い合わせ' },
  },
];
