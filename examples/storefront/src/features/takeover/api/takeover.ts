import { browserApi } from '../../../lib/browser-api';
import type { TakeoverStatus } from '../../../types/account';

/** What links an old-shop account: its e-mail and password, or its takeover code. */
export type TakeoverCredentials = { email: string; password: string } | { takeoverCode: string };

/** POST /api/takeover/usertakeover/: links the legacy account, once. */
export const linkLegacyAccount = (credentials: TakeoverCredentials) =>
  browserApi.request<TakeoverStatus>('POST', '/api/takeover/usertakeover/', credentials);
