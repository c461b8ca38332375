import type { ApiClient } from '../../../lib/api-client';

/** GET /api/contact/: the subjects shoppers choose from and the bot-check widget's settings. */
export interface ContactSettings {
  categories: string[];
  botCheck: { enabled: boolean; siteKey: string | null };
}

export function getContactSettings(api: ApiClient): Promise<ContactSettings> {
  return api.get<ContactSettings>('/api/contact/');
}
