import { ROUTES } from '@shop/rules';
import { getContactSettings } from '../features/contact/api/contact-settings';
import { getProcessInfo } from '../features/dev/api/get-process-info';
import { probeApi } from '../features/dev/api/probe-api';
import type { PageLoaders } from './page-loaders';
import type { PageHead } from './page-payload';

const devHead = (title: string): PageHead => ({
  title,
  description: '開発者向けページ',
  ogType: 'website',
  noindex: true,
});

/** A page without API data: its route title and a description written for search results. */
const staticPage =
  (title: string, description: string, extra: Partial<PageHead> = {}) =>
  async () => ({ data: null, head: { title, description, ogType: 'website' as const, ...extra } });

/**
 * The data loader of each route, run on the server only (for the document and for the payload
 * JSON). A route without one renders from its route title alone.
 */
export const PAGE_LOADERS: PageLoaders = {
  renewal: staticPage(ROUTES.renewal.title, 'サイトリニューアルの主な変更点をご案内します。'),
  temporaryRenewal: staticPage(
    ROUTES.temporaryRenewal.title,
    'サイトリニューアルの主な変更点をご案内します。',
  ),
  faq: staticPage(
    ROUTES.faq.title,
    '予約・特典・送料・お支払いなど、よくあるご質問にお答えします。',
  ),
  legal: staticPage(
    ROUTES.legal.title,
    '販売業者、所在地、販売価格、送料・手数料、支払方法、引渡時期、返品についての表記です。',
  ),
  terms: staticPage(ROUTES.terms.title, '通信販売サービスの利用規約です。'),
  information: staticPage(
    ROUTES.information.title,
    'ご注文の流れ、送料、お支払い方法、ポイントについてご案内します。',
  ),
  informationBundle: staticPage(
    ROUTES.informationBundle.title,
    '複数のご注文をまとめてお届けし、送料が一度で済むおまとめ配送のご案内です。',
  ),
  contact: async ({ api }) => ({
    data: await getContactSettings(api),
    head: {
      title: ROUTES.contact.title,
      description: 'ご注文・商品・予約についてのお問い合わせはこちらから。',
      ogType: 'website',
    },
  }),
  contactSent: staticPage(ROUTES.contactSent.title, 'お問い合わせを受け付けました。', {
    noindex: true,
  }),
  dev: async ({ settings }) => ({
    data: getProcessInfo(settings),
    head: devHead(ROUTES.dev.title),
  }),
  devProcess: async ({ settings }) => ({
    data: getProcessInfo(settings),
    head: devHead(ROUTES.devProcess.title),
  }),
  devProxy: async ({ api }) => ({
    data: { probes: await probeApi(api, ['/api/health/', '/api/homedata/']) },
    head: devHead(ROUTES.devProxy.title),
  }),
  devSnackbar: async () => ({ data: null, head: devHead(ROUTES.devSnackbar.title) }),
};
