import { browserApi } from '../../../lib/browser-api';

export interface ContactMessage {
  name: string;
  email: string;
  category: string;
  body: string;
  botToken?: string;
}

/** POST /api/contact/ from the browser. */
export function sendContact(message: ContactMessage): Promise<{ id: number; received: boolean }> {
  return browserApi.request('POST', '/api/contact/', message);
}
