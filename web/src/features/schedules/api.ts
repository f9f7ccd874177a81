import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, query } from '@/shared/api/client';
import { keys, useInvalidateLedger } from '@/shared/api/queries';
import type { Movement, MovementType } from '@/shared/api/types';

export type Frequency = 'daily' | 'weekly' | 'monthly' | 'yearly';

/** What a schedule makes and when: the body of POST /schedules (PATCH takes any part). */
export interface ScheduleInput {
  type: MovementType;
  amount: number;
  accountId: string;
  categoryId: string | null;
  toAccountId: string | null;
  toAmount: number | null;
  description: string;
  notes?: string;
  tags?: string[];
  frequency: Frequency;
  interval: number;
  /** Monthly: 1–31 (31: every month's last day). */
  day: number;
  startDate: string;
  endDate: string;
  /** 0: no limit. */
  count: number;
  askAmount: boolean;
  autoPost: boolean;
  paused?: boolean;
}

export interface Schedule extends ScheduleInput {
  id: string;
  currency: string;
  toCurrency?: string;
  notes: string;
  tags: string[];
  paused: boolean;
  /** The next occurrence not yet posted or skipped ('' once ended). */
  nextDate: string;
  done: number;
  /** Occurrences due by today that wait for a confirmation. */
  due: string[];
}

export interface Upcoming {
  scheduleId: string;
  date: string;
  status: 'due' | 'waiting' | 'upcoming';
  type: MovementType;
  amount: number;
  askAmount: boolean;
  currency: string;
  accountId: string;
  categoryId: string | null;
  toAccountId: string | null;
  description: string;
}

export interface Suggestion extends Omit<ScheduleInput, 'endDate' | 'count' | 'askAmount' | 'autoPost'> {
  currency: string;
  occurrences: number;
  lastDate: string;
}

export interface ForecastPoint {
  date: string;
  balance: number;
}

export interface ForecastSeries {
  accountId?: string;
  name?: string;
  currency: string;
  points: ForecastPoint[];
  lowest: ForecastPoint;
}

export interface Forecast {
  today: string;
  days: number;
  average: number;
  ledger: ForecastSeries;
  accounts: ForecastSeries[];
  incomplete: string[];
}

/** Schedules change what is due and what is forecast; the forecast also moves with every movement (it lives under the reports' key). */
const upcomingKey = (days: number) => [...keys.schedules, 'upcoming', days] as const;
const forecastKey = (days: number, average: number) => [...keys.reports, 'forecast', days, average] as const;

export function useSchedules() {
  return useQuery({ queryKey: keys.schedules, queryFn: () => api.get<{ today: string; items: Schedule[] }>('/api/v1/schedules') });
}

export function useUpcoming(days = 7) {
  return useQuery({
    queryKey: upcomingKey(days),
    queryFn: () => api.get<{ today: string; to: string; items: Upcoming[] }>(`/api/v1/schedules/upcoming${query({ days })}`),
  });
}

/** The suggestions read a year of history (a tenth of a second at 1,000,000 movements): asked for, not read when the screen opens. */
export function useSuggestions(enabled: boolean) {
  return useQuery({
    queryKey: [...keys.schedules, 'suggestions'],
    queryFn: () => api.get<{ items: Suggestion[] }>('/api/v1/schedules/suggestions'),
    staleTime: 5 * 60_000,
    enabled,
  });
}

export function useForecast(days = 90, average = 0) {
  return useQuery({ queryKey: forecastKey(days, average), queryFn: () => api.get<Forecast>(`/api/v1/forecast${query({ days, average })}`) });
}

export function useMovement(id: string | null) {
  return useQuery({ queryKey: [...keys.movements, 'one', id], queryFn: () => api.get<Movement>(`/api/v1/movements/${id}`), enabled: !!id });
}

/** The writes of schedules: each may post movements, so the ledger's figures refresh with the schedules. */
export function useScheduleMutations() {
  const qc = useQueryClient();
  const invalidateLedger = useInvalidateLedger();
  const done = () => Promise.all([qc.invalidateQueries({ queryKey: keys.schedules }), invalidateLedger()]);
  return {
    /** key: the same for every attempt at one schedule, so that a double click makes one. */
    create: useMutation({
      mutationFn: ({ key, ...s }: ScheduleInput & { key: string }) => api.post<Schedule>('/api/v1/schedules', s, key),
      onSuccess: done,
    }),
    update: useMutation({
      mutationFn: ({ id, ...s }: Partial<ScheduleInput> & { id: string }) => api.patch<Schedule>(`/api/v1/schedules/${id}`, s),
      onSuccess: done,
    }),
    remove: useMutation({ mutationFn: (id: string) => api.del(`/api/v1/schedules/${id}`), onSuccess: done }),
    /** Names the occurrence it posts: sent twice, it posts once. */
    post: useMutation({
      mutationFn: ({ id, occurrence, amount }: { id: string; occurrence: string; amount?: number }) =>
        api.post<Movement>(`/api/v1/schedules/${id}/post`, { occurrence, amount }),
      onSuccess: done,
    }),
    skip: useMutation({
      mutationFn: ({ id, occurrence }: { id: string; occurrence: string }) => api.post<Schedule>(`/api/v1/schedules/${id}/skip`, { occurrence }),
      onSuccess: done,
    }),
  };
}
