/**
 * Every instance keeps the clients it has read (the OAuth engine's client cache) and
 * must forget one as soon as it changes anywhere: a trigger announces every updated or deleted
 * oauth2_clients row on the `omnia_clients` channel. NOTIFY is delivered on commit, so a change
 * is announced exactly when other connections can see it; a trigger also covers every writer
 * (the Developer API, the admin command line, an account's deletion cascading to its apps).
 */
export const up = [
  `create function omnia_notify_client_change() returns trigger language plpgsql as $$
  begin
    perform pg_notify('omnia_clients', old.client_id);
    if tg_op = 'UPDATE' and new.client_id is distinct from old.client_id then
      perform pg_notify('omnia_clients', new.client_id);
    end if;
    return null;
  end
  $$`,
  `create trigger oauth2_clients_changed after update or delete on oauth2_clients
    for each row execute function omnia_notify_client_change()`,
];
