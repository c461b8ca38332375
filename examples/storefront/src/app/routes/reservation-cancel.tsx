import { ROUTES } from '@shop/rules';
import type { ReservationCancelData } from '../../features/mypage/api/reservation-cancel';
import { ReservationCancel } from '../../features/mypage/components/reservation-cancel';
import type { PageProps } from '../route-chunks';

export default function ReservationCancelRoute({ data }: PageProps<ReservationCancelData>) {
  return (
    <section>
      <h1 className="page-title">{ROUTES.reservationCancel.title}</h1>
      <ReservationCancel token={data.token} initial={data.reservation} problem={data.problem} />
    </section>
  );
}
