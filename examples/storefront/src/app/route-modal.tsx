import { matchRoute } from '@shop/rules';
import { type ComponentType, type ReactNode, useEffect, useMemo, useState } from 'react';
import { Modal } from '../components/modal';
import { PageErrorBoundary } from '../components/page-error-boundary';
import type { PagePayload } from '../lib/page-payload';
import { loadPage } from './page-host';
import { loadedRouteChunk, type PageProps } from './route-chunks';
import { RouteModalContext } from './route-modal-context';

type State =
  | { status: 'loading' }
  | { status: 'ready'; payload: PagePayload }
  | { status: 'failed' };

/**
 * A fakemodal route shown as a dialog over the page on screen (see modal-routes.ts): the same
 * route chunk and payload as the page, rendered inside the modal with RouteModalContext, so the
 * page leaves out its own title and close link. Its own chunk, loaded when a dialog first opens.
 */
export default function RouteModal({ href, onClose }: { href: string; onClose: () => void }) {
  const title = matchRoute(href)?.route.title ?? '';
  const [state, setState] = useState<State>({ status: 'loading' });
  const controls = useMemo(() => ({ close: onClose }), [onClose]);

  useEffect(() => {
    let cancelled = false;
    setState({ status: 'loading' });
    loadPage(href).then(
      (payload) => {
        if (cancelled) return;
        setState(
          payload.error || payload.redirect ? { status: 'failed' } : { status: 'ready', payload },
        );
      },
      () => {
        if (!cancelled) setState({ status: 'failed' });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [href]);

  let body: ReactNode;
  if (state.status === 'loading') {
    body = (
      <p className="muted" role="status">
        読み込んでいます…
      </p>
    );
  } else if (state.status === 'failed') {
    body = (
      <p className="form-error" role="alert">
        読み込めませんでした。通信状況をご確認のうえ、
        {/* A plain link: the page itself, loaded afresh by the server. */}
        <a href={href}>{title}のページを開いてください</a>。
      </p>
    );
  } else {
    const { payload } = state;
    const Page = loadedRouteChunk(payload.page) as ComponentType<PageProps> | undefined;
    body = Page ? (
      <PageErrorBoundary crawler={false} showStack={false}>
        <Page data={payload.data} params={payload.params} href={payload.href} />
      </PageErrorBoundary>
    ) : null;
  }

  return (
    <Modal title={title} open onClose={onClose}>
      <RouteModalContext.Provider value={controls}>{body}</RouteModalContext.Provider>
    </Modal>
  );
}
