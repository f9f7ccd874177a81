import LedgersPage from '@/features/ledgers/LedgersPage';
import { ConfigNav } from './ConfigNav';

/** /config/ledgers: the user's ledgers, their members and invitations. */
export default function LedgersRoute() {
  return <LedgersPage nav={<ConfigNav />} />;
}
