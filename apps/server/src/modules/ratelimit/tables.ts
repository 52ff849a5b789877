import type { ColumnType } from 'kysely';

export interface RateLimitsTable {
  key: string;
  count: number;
  /** Reserved attempts not yet settled (see RateLimiter.reserve). */
  pending: ColumnType<number, number | undefined, number>;
  reset_at: ColumnType<Date, Date | string, Date | string>;
}

export interface RateLimitTables {
  rate_limits: RateLimitsTable;
}
