/** Transactional outbox: mail is written with the token it carries and delivered by a worker. */
export const up = [
  `create table mail_outbox (
    id uuid primary key default gen_random_uuid(),
    to_address text not null,
    subject text not null,
    text_body text not null,
    html_body text not null,
    created_at timestamptz not null default now(),
    attempts integer not null default 0,
    next_attempt_at timestamptz not null default now(),
    last_error text,
    sent_at timestamptz,
    failed_at timestamptz
  )`,
  'create index mail_outbox_due_idx on mail_outbox (next_attempt_at) where sent_at is null and failed_at is null',
  'create index mail_outbox_created_idx on mail_outbox (created_at desc)',
];
