/** Profiles, preferences, the interests catalogue (seeded) and each user's chosen interests. */
const SEED_INTERESTS = [
  'Art',
  'Books',
  'Cooking',
  'Design',
  'Fitness',
  'Gaming',
  'Movies',
  'Music',
  'Photography',
  'Programming',
  'Science',
  'Sports',
  'Technology',
  'Travel',
];

export const up = [
  `create table profiles (
    id uuid primary key references users (id) on delete cascade,
    full_name text,
    username text,
    date_of_birth date,
    bio text,
    avatar_url text,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`,
  // Unique regardless of case: 'Alice' and 'alice' are the same username.
  'create unique index profiles_username_lower_idx on profiles (lower(username))',
  `create table user_preferences (
    id uuid primary key references users (id) on delete cascade,
    theme text not null default 'dark' check (theme in ('dark', 'light')),
    language text not null default 'en' check (language in ('en', 'es', 'fr', 'de')),
    updated_at timestamptz not null default now()
  )`,
  `create table interests (
    id uuid primary key default gen_random_uuid(),
    name text not null unique
  )`,
  `insert into interests (name) values ${SEED_INTERESTS.map((n) => `('${n}')`).join(', ')}`,
  `create table user_interests (
    user_id uuid not null references users (id) on delete cascade,
    interest_id uuid not null references interests (id) on delete cascade,
    primary key (user_id, interest_id)
  )`,
  `create table service_claims (
    user_id uuid not null references users (id) on delete cascade,
    service_slug text not null references services (slug) on delete cascade,
    claimed_at timestamptz not null default now(),
    primary key (user_id, service_slug)
  )`,
];
