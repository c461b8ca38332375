import { useEffect, useRef } from 'react';

/**
 * A bot-check widget (the spec's site key): renders itself into a container and reports the
 * token a form sends along. The storefront depends only on this interface, so the provider can
 * change without touching the form.
 */
export interface BotCheckWidget {
  mount(
    container: HTMLElement,
    siteKey: string,
    onToken: (token: string | undefined) => void,
  ): () => void;
}

type TurnstileApi = {
  render(
    container: HTMLElement,
    options: {
      sitekey: string;
      callback: (token: string) => void;
      'expired-callback': () => void;
      language: string;
    },
  ): string;
  remove(id: string): void;
};

/** Cloudflare Turnstile's widget script (the server's CSP allows its origin when the check is on). */
export const TURNSTILE_SCRIPT =
  'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit';

let turnstileLoading: Promise<TurnstileApi> | null = null;

function loadTurnstile(): Promise<TurnstileApi> {
  turnstileLoading ??= new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = TURNSTILE_SCRIPT;
    script.async = true;
    script.onload = () => {
      const api = (window as unknown as { turnstile?: TurnstileApi }).turnstile;
      if (api) resolve(api);
      else reject(new Error('bot-check script loaded without its API'));
    };
    script.onerror = () => reject(new Error('bot-check script failed to load'));
    document.head.append(script);
  });
  return turnstileLoading;
}

/** Cloudflare Turnstile, loaded only when a form with an enabled bot check is shown. */
export const turnstileWidget: BotCheckWidget = {
  mount(container, siteKey, onToken) {
    let widgetId: string | undefined;
    let api: TurnstileApi | undefined;
    let removed = false;
    loadTurnstile().then(
      (loaded) => {
        if (removed) return;
        api = loaded;
        widgetId = loaded.render(container, {
          sitekey: siteKey,
          callback: (token) => onToken(token),
          'expired-callback': () => onToken(undefined),
          language: 'ja',
        });
      },
      () => onToken(undefined),
    );
    return () => {
      removed = true;
      if (api && widgetId) api.remove(widgetId);
    };
  },
};

/** The widget in a form; renders nothing when the bot check is disabled. */
export function BotCheck({
  siteKey,
  widget = turnstileWidget,
  onToken,
}: {
  siteKey: string | null;
  widget?: BotCheckWidget;
  onToken: (token: string | undefined) => void;
}) {
  const container = useRef<HTMLDivElement>(null);
  const onTokenRef = useRef(onToken);
  onTokenRef.current = onToken;
  useEffect(() => {
    if (!siteKey || !container.current) return;
    return widget.mount(container.current, siteKey, (token) => onTokenRef.current(token));
  }, [siteKey, widget]);
  if (!siteKey) return null;
  return <div ref={container} className="bot-check" />;
}
