import MovementsPage from '@/features/movements/MovementsPage';
import { MovementsNav } from './MovementsNav';

/** /movements: the list, with the link to the schedules. */
export default function MovementsRoute() {
  return <MovementsPage nav={<MovementsNav />} />;
}
