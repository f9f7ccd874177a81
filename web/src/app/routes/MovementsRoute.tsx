import type { QueryClient } from '@tanstack/react-query';
import MovementsPage from '@/features/movements/MovementsPage';
import { movementListQuery, movementTotalsQuery } from '@/features/movements/api';
import { readFilters } from '@/features/movements/filters';
import { accountsQuery, categoriesQuery } from '@/shared/api/queries';
import { MovementsNav } from './MovementsNav';

/** /movements: the list, with the link to the schedules. */
export default function MovementsRoute() {
  return <MovementsPage nav={<MovementsNav />} />;
}

/** What the list shows first: its first page with the accounts' and categories' names. The totals are asked for too, not waited for (at a million movements they come later). */
export function prefetch(client: QueryClient, search: URLSearchParams) {
  const filters = readFilters(search);
  void client.prefetchQuery(movementTotalsQuery(filters));
  return Promise.all([client.prefetchInfiniteQuery(movementListQuery(filters)), client.prefetchQuery(accountsQuery), client.prefetchQuery(categoriesQuery)]);
}
