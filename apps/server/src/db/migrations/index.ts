import * as m0001 from './0001_services';
import * as m0002 from './0002_users';
import * as m0003 from './0003_server_keys';
import * as m0004 from './0004_sessions';
import * as m0005 from './0005_email_tokens';
import * as m0006 from './0006_mail_outbox';
import * as m0007 from './0007_rate_limits';
import * as m0008 from './0008_profiles';
import * as m0009 from './0009_oauth';
import * as m0010 from './0010_security_center';
import * as m0011 from './0011_retention';
import * as m0012 from './0012_accounts_hardening';
import * as m0013 from './0013_client_settings';
import * as m0014 from './0014_engine_sessions';
import * as m0016 from './0016_client_two_step';
import * as m0017 from './0017_session_browser';
import * as m0018 from './0018_second_factors';
import * as m0019 from './0019_factor_removal';
import * as m0020 from './0020_passkeys';
import * as m0021 from './0021_email_changes';
import * as m0022 from './0022_notifications';
import * as m0023 from './0023_client_change_notices';
import * as m0024 from './0024_client_changes';
import * as m0025 from './0025_email_change_requester';
import * as m0026 from './0026_client_links';
import * as m0027 from './0027_usage_users';
import * as m0028 from './0028_app_types';
import * as m0029 from './0029_device_apps';
import * as m0030 from './0030_developer_apis';
import * as m0031 from './0031_refresh_successors';
import * as m0032 from './0032_previous_client_secrets';
import * as m0033 from './0033_client_errors';
import * as m0034 from './0034_signing_keys';
import * as m0035 from './0035_backchannel_logout';
import * as m0036 from './0036_webhooks';
import * as m0037 from './0037_client_members';
import * as m0038 from './0038_client_security';
import * as m0039 from './0039_client_registration';
import * as m0040 from './0040_model_created_at';
import * as m0041 from './0041_client_created_by';
import * as m0042 from './0042_email_change_session';
import * as m0043 from './0043_ownership_offers';
import * as m0044 from './0044_link_requests';
import * as m0045 from './0045_client_handed_over';
import * as m0046 from './0046_client_shared';
import * as m0047 from './0047_client_registered_by_tool';
import * as m0048 from './0048_client_publisher';
import * as m0049 from './0049_email_change_parked';
import * as m0050 from './0050_client_change_requested_by';
import * as m0051 from './0051_names_read_as_written';
import * as m0052 from './0052_two_step_address';
import * as m0053 from './0053_failed_sign_ins';
import * as m0054 from './0054_names_show_something';
import * as m0055 from './0055_sessions_confirmed';
import * as m0056 from './0056_email_change_withdrawn';
import * as m0057 from './0057_signup_browser';

/** A migration: plain SQL statements, run in order inside one transaction. */
export interface Migration {
  up: string[];
}

/**
 * Every migration, in the order they run, named as their files (a name once applied never
 * changes). Listed, not read from the directory, so the server bundles into one file
 * (scripts/build-server.mjs); migrate.test.ts fails when a file here is not listed.
 */
export const MIGRATIONS: readonly (readonly [name: string, migration: Migration])[] = [
  ['0001_services', m0001],
  ['0002_users', m0002],
  ['0003_server_keys', m0003],
  ['0004_sessions', m0004],
  ['0005_email_tokens', m0005],
  ['0006_mail_outbox', m0006],
  ['0007_rate_limits', m0007],
  ['0008_profiles', m0008],
  ['0009_oauth', m0009],
  ['0010_security_center', m0010],
  ['0011_retention', m0011],
  ['0012_accounts_hardening', m0012],
  ['0013_client_settings', m0013],
  ['0014_engine_sessions', m0014],
  ['0016_client_two_step', m0016],
  ['0017_session_browser', m0017],
  ['0018_second_factors', m0018],
  ['0019_factor_removal', m0019],
  ['0020_passkeys', m0020],
  ['0021_email_changes', m0021],
  ['0022_notifications', m0022],
  ['0023_client_change_notices', m0023],
  ['0024_client_changes', m0024],
  ['0025_email_change_requester', m0025],
  ['0026_client_links', m0026],
  ['0027_usage_users', m0027],
  ['0028_app_types', m0028],
  ['0029_device_apps', m0029],
  ['0030_developer_apis', m0030],
  ['0031_refresh_successors', m0031],
  ['0032_previous_client_secrets', m0032],
  ['0033_client_errors', m0033],
  ['0034_signing_keys', m0034],
  ['0035_backchannel_logout', m0035],
  ['0036_webhooks', m0036],
  ['0037_client_members', m0037],
  ['0038_client_security', m0038],
  ['0039_client_registration', m0039],
  ['0040_model_created_at', m0040],
  ['0041_client_created_by', m0041],
  ['0042_email_change_session', m0042],
  ['0043_ownership_offers', m0043],
  ['0044_link_requests', m0044],
  ['0045_client_handed_over', m0045],
  ['0046_client_shared', m0046],
  ['0047_client_registered_by_tool', m0047],
  ['0048_client_publisher', m0048],
  ['0049_email_change_parked', m0049],
  ['0050_client_change_requested_by', m0050],
  ['0051_names_read_as_written', m0051],
  ['0052_two_step_address', m0052],
  ['0053_failed_sign_ins', m0053],
  ['0054_names_show_something', m0054],
  ['0055_sessions_confirmed', m0055],
  ['0056_email_change_withdrawn', m0056],
  ['0057_signup_browser', m0057],
];
