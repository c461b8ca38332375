/**
 * What a bot check made of a form's token: `passed`, `refused` (no token, or the service said it
 * is not a human's), or `unavailable` (the service did not answer in time, answered an error, or
 * refused the shop's own secret): the shopper is told to try again later rather than that they
 * look like a robot.
 */
export type BotCheckOutcome = 'passed' | 'refused' | 'unavailable';

/**
 * Verifies the token a bot-check widget (the spec's site key) put into a form. The contact form
 * asks it before storing a message.
 */
export interface BotCheckVerifier {
  /** Whether the widget runs at all; the storefront shows it only when enabled. */
  readonly enabled: boolean;
  /** The public site key the storefront's widget is rendered with. */
  readonly siteKey: string | undefined;
  verify(token: string | undefined, remoteAddress: string | undefined): Promise<BotCheckOutcome>;
}

/** The default: no bot check configured, every submission passes (the throttle still applies). */
export const disabledBotCheck: BotCheckVerifier = {
  enabled: false,
  siteKey: undefined,
  verify: async () => 'passed',
};

/**
 * A verifier for tests and local development: accepts exactly one token and records each call,
 * so a test can prove the token really went through the verifier.
 */
export function createBotCheckDouble(acceptedToken: string, siteKey = 'test-site-key') {
  const calls: Array<{ token: string | undefined; remoteAddress: string | undefined }> = [];
  const verifier: BotCheckVerifier & { calls: typeof calls } = {
    enabled: true,
    siteKey,
    calls,
    verify: async (token, remoteAddress) => {
      calls.push({ token, remoteAddress });
      return token === acceptedToken ? 'passed' : 'refused';
    },
  };
  return verifier;
}
