import { useMe } from '@/shared/api/queries';
import { ADMIN_ROL } from '@/shared/api/types';
import { SectionNav } from './SectionNav';

const sections = [
  { path: '/config', key: 'config.general' },
  { path: '/config/currencies', key: 'config.currencies' },
  { path: '/config/ledgers', key: 'config.ledgers' },
  { path: '/config/banks', key: 'banks.tab' },
] as const;

/** Administrators also see the administration. */
const adminSections = [...sections, { path: '/config/admin', key: 'admin.tab' }] as const;

/** Configuration's sections. */
export function ConfigNav() {
  const { data: user } = useMe();
  return <SectionNav label="config.sections" sections={user?.rol === ADMIN_ROL ? adminSections : sections} />;
}
