import { SectionNav } from './SectionNav';

const sections = [
  { path: '/movements', key: 'movements.listTab' },
  { path: '/movements/scheduled', key: 'schedules.title' },
] as const;

/** The movements and their schedules. */
export function MovementsNav() {
  return <SectionNav label="movements.sections" sections={sections} />;
}
