import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type RequestBody } from '@/shared/api/client';
import { keys, useInvalidateLedger } from '@/shared/api/queries';
import type { Schedule, ScheduleInput } from '@/shared/api/schema.gen';

export type { Schedule, ScheduleInput };
export type { ForecastSeries, Upcoming } from '@/shared/api/schema.gen';

export type Frequency = Schedule['frequency'];

/** A new schedule: the schedule's fields the server requires, and any others. */
export type NewSchedule = RequestBody<'/api/v1/schedules', 'post'>;

/** What a new schedule's form starts from: a schedule, a suggestion, a movement to repeat, or nothing. */
export type ScheduleDraft = Partial<
  Pick<
    Schedule,
    | 'type'
    | 'amount'
    | 'accountId'
    | 'categoryId'
    | 'toAccountId'
    | 'toAmount'
    | 'description'
    | 'frequency'
    | 'interval'
    | 'day'
    | 'startDate'
    | 'endDate'
    | 'count'
    | 'askAmount'
    | 'autoPost'
  >
>;

/** Schedules change what is due and what is forecast; the forecast also moves with every movement (it lives under the reports' key). */
const upcomingKey = (days: number) => [...keys.schedules, 'upcoming', days] as const;
const forecastKey = (days: number, average: number) => [...keys.reports, 'forecast', days, average] as const;

export function useSchedules() {
  return useQuery({ queryKey: keys.schedules, queryFn: () => api.GET('/api/v1/schedules') });
}

export function useUpcoming(days = 7) {
  return useQuery({
    queryKey: upcomingKey(days),
    queryFn: () => api.GET('/api/v1/schedules/upcoming', { params: { query: { days } } }),
  });
}

/** The suggestions read a year of history (a tenth of a second at 1,000,000 movements): asked for, not read when the screen opens. */
export function useSuggestions(enabled: boolean) {
  return useQuery({
    queryKey: [...keys.schedules, 'suggestions'],
    queryFn: () => api.GET('/api/v1/schedules/suggestions'),
    staleTime: 5 * 60_000,
    enabled,
  });
}

export function useForecast(days = 90, average = 0) {
  return useQuery({ queryKey: forecastKey(days, average), queryFn: () => api.GET('/api/v1/forecast', { params: { query: { days, average } } }) });
}

export function useMovement(id: string | null) {
  return useQuery({
    queryKey: [...keys.movements, 'one', id],
    queryFn: () => api.GET('/api/v1/movements/{id}', { params: { path: { id: id ?? '' } } }),
    enabled: !!id,
  });
}

/** The writes of schedules: each may post movements, so the ledger's figures refresh with the schedules. */
export function useScheduleMutations() {
  const qc = useQueryClient();
  const invalidateLedger = useInvalidateLedger();
  const done = () => Promise.all([qc.invalidateQueries({ queryKey: keys.schedules }), invalidateLedger()]);
  return {
    /** key: the same for every attempt at one schedule, so that a double click makes one. */
    create: useMutation({
      mutationFn: ({ key, ...s }: NewSchedule & { key: string }) => api.POST('/api/v1/schedules', { body: s, params: { header: { 'Idempotency-Key': key } } }),
      onSuccess: done,
    }),
    update: useMutation({
      mutationFn: ({ id, ...s }: ScheduleInput & { id: string }) => api.PATCH('/api/v1/schedules/{id}', { params: { path: { id } }, body: s }),
      onSuccess: done,
    }),
    remove: useMutation({ mutationFn: (id: string) => api.DELETE('/api/v1/schedules/{id}', { params: { path: { id } } }), onSuccess: done }),
    /** Names the occurrence it posts: sent twice, it posts once. */
    post: useMutation({
      mutationFn: ({ id, occurrence, amount }: { id: string; occurrence: string; amount?: number }) =>
        api.POST('/api/v1/schedules/{id}/post', { params: { path: { id } }, body: { occurrence, amount } }),
      onSuccess: done,
    }),
    skip: useMutation({
      mutationFn: ({ id, occurrence }: { id: string; occurrence: string }) =>
        api.POST('/api/v1/schedules/{id}/skip', { params: { path: { id } }, body: { occurrence } }),
      onSuccess: done,
    }),
  };
}
