import { browserApi } from '../../../lib/browser-api';

/** POST /api/user/delete/: withdraws the member after re-checking the password. */
export const withdraw = (password: string) =>
  browserApi.request<{ withdrawn: true }>('POST', '/api/user/delete/', { password });
