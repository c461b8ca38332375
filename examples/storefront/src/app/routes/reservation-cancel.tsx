import { ROUTES } from '@shop/rules';
import { PageSection } from '../../components/section';
import type { ReservationCancelData } from '../../features/mypage/api/reservation-cancel';
import { ReservationCancel } from '../../features/mypage/components/reservation-cancel';
import type { PageProps } from '../route-chunks';

export default function ReservationCancelRoute({ data }: PageProps<ReservationCancelData>) {
  return (
    <PageSection title={ROUTES.reservationCancel.title}>
      <ReservationCancel token={data.token} initial={data.reservation} problem={data.problem} />
    </PageSection>
  );
}
