import BanksPage from '@/features/banks/BanksPage';
import { ConfigNav } from './ConfigNav';

/** /config/banks: the ledger's bank connections, their accounts, syncs and matches. */
export default function BanksRoute() {
  return <BanksPage nav={<ConfigNav />} />;
}
