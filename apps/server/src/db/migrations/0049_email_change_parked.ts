/**
 * The cancel link that parked its account (its old address held by another verified account) is
 * marked: used again within its week, that link alone gives a new reset token, since no mail
 * reaches the parked address. A change cancelled along with it (asked for later) is not marked.
 */
export const up = [`alter table email_changes add column parked_at timestamptz`];
