import type { ApiClient } from '../../../lib/api-client';
import { browserApi } from '../../../lib/browser-api';
import type { PostponedReservation } from '../../../types/account';

/** What the cancellation page renders: the link's token and its reservation, or why there is none. */
export interface ReservationCancelData {
  token: string;
  reservation: PostponedReservation | null;
  /** The API's message for a link it refused. */
  problem: string | null;
}

const PATH = '/api/orders/reservation-cancel/';

/** GET /api/orders/reservation-cancel/?token= for the page loader: no login, the token is the proof. */
export const getPostponedReservation = (api: ApiClient, token: string) =>
  api.get<PostponedReservation>(PATH, { token });

/** POST /api/orders/reservation-cancel/?token=: cancels it free, as its member would. */
export const cancelPostponedReservation = (token: string) =>
  browserApi.request<PostponedReservation>('POST', `${PATH}?${new URLSearchParams({ token })}`);
