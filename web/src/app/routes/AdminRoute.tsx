import AdminPage from '@/features/admin/AdminPage';
import { ConfigNav } from './ConfigNav';

/** /config/admin: the administration (sign-ups, users, everyone's security activity), for administrators. */
export default function AdminRoute() {
  return <AdminPage nav={<ConfigNav />} />;
}
