/**
 * What the browser knows of the card gateway: which tokeniser turns a card into a token and, for
 * GMO Multipayment, the public shop id and which of GMO's environments the shop's contract is
 * in. Made by the server from the API's payment configuration (server/settings.ts) and handed
 * over in the boot data; the shop and site passwords never leave the server.
 */
export type CardGatewaySettings =
  | { kind: 'sandbox' }
  | { kind: 'gmo'; shopId: string; environment: 'test' | 'production' };

let configured: CardGatewaySettings = { kind: 'sandbox' };

/** Set once from the boot data before the app hydrates (entry-client.tsx). */
export function configureCardGateway(settings: CardGatewaySettings): void {
  configured = settings;
}

/** The gateway the card form tokenises with: the sandbox until the boot data says otherwise. */
export function configuredCardGateway(): CardGatewaySettings {
  return configured;
}
