import type { NotificationKindName } from '@shop/rules';
import type { ApiClient } from '../../../lib/api-client';
import { browserApi } from '../../../lib/browser-api';

// The account's mails (docs/account-mail.md): password reset, e-mail change, mail settings and
// the unsubscribe page.

/** POST /api/password-reset/: the same answer whether or not the address is a member's. */
export const requestPasswordReset = (email: string) =>
  browserApi.request<{ accepted: true }>('POST', '/api/password-reset/', { email });

/** POST /api/password-reset/confirm/: sets the new password; every session ends. */
export const resetPassword = (token: string, password: string) =>
  browserApi.request<{ reset: true }>('POST', '/api/password-reset/confirm/', { token, password });

/** POST /api/user/email/: mails a link to the new address. */
export const requestEmailChange = (password: string, newEmail: string) =>
  browserApi.request<{ sentTo: string }>('POST', '/api/user/email/', { password, newEmail });

/** POST /api/user/email/confirm/: the mailed link's token makes the new address the member's. */
export const confirmEmailChange = (token: string) =>
  browserApi.request<{ email: string }>('POST', '/api/user/email/confirm/', { token });

/** One kind of mail in the member's settings. */
export interface MailPreference {
  kind: NotificationKindName;
  label: string;
  essential: boolean;
  enabled: boolean;
}

/** GET /api/user/notifications/ for the my page loader. */
export const getMailPreferences = (api: ApiClient) =>
  api.get<{ preferences: MailPreference[] }>('/api/user/notifications/');

/** PUT /api/user/notifications/: turns one non-essential kind on or off. */
export const setMailPreference = (kind: NotificationKindName, enabled: boolean) =>
  browserApi.request<{ preferences: MailPreference[] }>('PUT', '/api/user/notifications/', {
    kind,
    enabled,
  });

/** What an unsubscribe link names, read by the page's loader (changes nothing). */
export interface UnsubscribeLink {
  kind: NotificationKindName;
  label: string;
  unsubscribed: boolean;
}

export const getUnsubscribeLink = (api: ApiClient, token: string) =>
  api.get<UnsubscribeLink>(`/api/notifications/unsubscribe/?token=${encodeURIComponent(token)}`);

/** POST the one-click URL, as the page's one button does. */
export const unsubscribe = (token: string) =>
  browserApi.request<{ unsubscribed: true; label: string }>(
    'POST',
    `/api/notifications/unsubscribe/?token=${encodeURIComponent(token)}`,
  );

/** One page of the member's お知らせ (GET /api/user/notices/). */
export interface NoticePage {
  notices: {
    id: number;
    kind: NotificationKindName;
    title: string;
    createdAt: string;
    read: boolean;
  }[];
  page: number;
  totalPages: number;
  unreadCount: number;
}

export const getNotices = (api: ApiClient, page: number) =>
  api.get<NoticePage>('/api/user/notices/', { page: String(page) });

/** POST /api/user/notices/read/: opening the list clears the header's badge. */
export const markNoticesRead = () => browserApi.request<void>('POST', '/api/user/notices/read/');
