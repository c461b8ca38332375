import { apiRequest } from '../../../lib/api-client';

/** POST /api/user/delete/: withdraws the member after re-checking the password. */
export const withdraw = (password: string) =>
  apiRequest<{ withdrawn: true }>('POST', '/api/user/delete/', { password });
