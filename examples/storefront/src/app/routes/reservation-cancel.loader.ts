import { ROUTES } from '@shop/rules';
import {
  getPostponedReservation,
  type ReservationCancelData,
} from '../../features/mypage/api/reservation-cancel';
import { ApiError } from '../../lib/api-client';
import type { PageLoader } from '../page-loaders';

/** The reservation a mail's signed link names; a refused link is shown on the page, not as an error screen. */
export const loader: PageLoader<ReservationCancelData> = async ({ api, search }) => {
  const token = search.get('token') ?? '';
  const head = {
    title: ROUTES.reservationCancel.title,
    description: '発売延期となったご予約のキャンセル',
    ogType: 'website' as const,
    noindex: true,
  };
  try {
    return {
      data: { token, reservation: await getPostponedReservation(api, token), problem: null },
      head,
    };
  } catch (error) {
    if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
      return { data: { token, reservation: null, problem: error.apiMessage ?? null }, head };
    }
    throw error;
  }
};
