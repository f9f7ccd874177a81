import { SectionNav } from './SectionNav';

const sections = [
  { path: '/config', key: 'config.general' },
  { path: '/config/currencies', key: 'config.currencies' },
  { path: '/config/ledgers', key: 'config.ledgers' },
] as const;

/** Configuration's sections. */
export function ConfigNav() {
  return <SectionNav label="config.sections" sections={sections} />;
}
