/**
 * Where a delivery Omnia retries stands (a logout token to an app's back-channel logout URI, an
 * event to its webhook): the tries so far, and the endpoint's last answer.
 */
export interface DeliveryProgress {
  state: 'delivered' | 'retrying' | 'failed';
  attempts: number;
  delivered_at: string | null;
  next_attempt_at: string | null;
  /** The endpoint's last HTTP answer, if it gave one. */
  last_status: number | null;
  last_error: string | null;
}
