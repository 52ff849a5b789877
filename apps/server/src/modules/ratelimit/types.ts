/** Rate limit rules and counter states, shared by the limiter and its reservations. */
export interface RateRule {
  /** Counted events allowed per window. */
  points: number;
  windowSeconds: number;
}

export interface RateState {
  /** Events counted in the current window (including this hit). */
  count: number;
  /** Seconds until the window resets (0 when no window is open). */
  resetInSeconds: number;
}
