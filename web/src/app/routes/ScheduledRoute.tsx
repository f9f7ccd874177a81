import SchedulesPage from '@/features/schedules/SchedulesPage';
import { MovementsNav } from './MovementsNav';

/** /movements/scheduled: the scheduled movements, beside the list. */
export default function ScheduledRoute() {
  return <SchedulesPage nav={<MovementsNav />} />;
}
