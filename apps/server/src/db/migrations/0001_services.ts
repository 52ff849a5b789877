export const up = [
  `create table services (
    slug text primary key,
    name text not null,
    icon text not null,
    description text not null,
    status text not null check (status in ('active', 'development', 'coming-soon')),
    url text,
    sort_order integer not null
  )`,
  `insert into services (slug, name, icon, description, status, url, sort_order) values
    ('cloudbliss', 'CloudBliss', 'cloud', 'Secure, unlimited encrypted cloud storage that only you can read.', 'active', 'https://cloudbliss.app', 1),
    ('voge', 'Voge', 'message-circle', 'A free chat app that mixes the best of two well-known chat styles.', 'development', null, 2),
    ('sokuwe', 'Sokuwe', 'server', 'Temporary virtual machines and test environments, ready in seconds.', 'development', null, 3),
    ('luupz', 'Luupz', 'graduation-cap', 'AI learning platform with 20+ features and a research lab.', 'active', 'https://luupz.com', 4),
    ('taskcel', 'Taskcel', 'list-checks', 'Task and staff management for teams of every size.', 'coming-soon', null, 5)`,
];
