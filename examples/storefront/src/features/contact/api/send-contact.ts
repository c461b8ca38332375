import { postJson } from '../../../lib/browser-api';

export interface ContactMessage {
  name: string;
  email: string;
  category: string;
  body: string;
  botToken?: string;
}

/** POST /api/contact/ from the browser. */
export function sendContact(message: ContactMessage): Promise<{ id: number; received: boolean }> {
  return postJson('/api/contact/', message);
}
