import './styles.css';
import { shouldReloadAfterChunkError } from '@shop/rules';
import { hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { BOOT_ELEMENT_ID } from './app/boot';
import { hasRouteChunk, loadRouteChunk, loadRouteChunkFrom } from './app/route-chunks';
import { isNewBuildAvailable } from './lib/build-check';
import { configureCardGateway } from './lib/card-gateway';
import { isChunkLoadError, readLastReload, rememberReload } from './lib/chunk-reload';
import { trackLastFocus } from './lib/last-focus';
import type { BootData } from './lib/page-payload';
import { registerRoutePrefetcher } from './lib/route-prefetch';

async function start(): Promise<void> {
  const element = document.getElementById(BOOT_ELEMENT_ID);
  const root = document.getElementById('root');
  if (!element?.textContent || !root) return;
  const boot = JSON.parse(element.textContent) as BootData;
  configureCardGateway(boot.cardGateway);
  trackLastFocus();
  registerRoutePrefetcher({
    hasPage: hasRouteChunk,
    loadPage: loadRouteChunk,
    loadModal: () => import('./app/route-modal'),
  });
  // An error screen and a crawler's page whose data failed render without a route chunk.
  if (!boot.payload.error && !boot.payload.renderFailed) {
    try {
      // The server already modulepreloaded this chunk: awaiting it hydrates without a waterfall.
      const { page } = boot.payload;
      await (boot.chunk ? loadRouteChunkFrom(page, boot.chunk) : loadRouteChunk(page));
    } catch (error) {
      const path = window.location.pathname + window.location.search;
      const now = new Date();
      const newBuildFound = isChunkLoadError(error) && (await isNewBuildAvailable(boot.build));
      if (shouldReloadAfterChunkError({ path, now, newBuildFound, lastReload: readLastReload() })) {
        rememberReload(path, now);
        window.location.reload();
      }
      // Without a reload the server-rendered page stays readable, only not interactive.
      return;
    }
  }
  hydrateRoot(root, <App boot={boot} />);
}

void start();
