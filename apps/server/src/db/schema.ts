import type { CryptoTables } from '../crypto/tables';
import type { AccountsTables } from '../modules/accounts/tables';
import type { ApisTables } from '../modules/apis/tables';
import type { ClientsTables } from '../modules/clients/tables';
import type { RegistrationTables } from '../modules/developer/tables';
import type { FactorsTables } from '../modules/factors/tables';
import type { MailTables } from '../modules/mail/tables';
import type { NotificationsTables } from '../modules/notifications/tables';
import type { OAuthTables } from '../modules/oauth/tables';
import type { ProfilesTables } from '../modules/profiles/tables';
import type { RateLimitTables } from '../modules/ratelimit/tables';
import type { SecurityTables } from '../modules/security/tables';
import type { ServicesTables } from '../modules/services/tables';
import type { WebhooksTables } from '../modules/webhooks/tables';

/** The whole database, composed from each module's own table types. */
export interface Database
  extends ServicesTables,
    AccountsTables,
    CryptoTables,
    MailTables,
    RateLimitTables,
    ProfilesTables,
    OAuthTables,
    ClientsTables,
    ApisTables,
    SecurityTables,
    FactorsTables,
    NotificationsTables,
    WebhooksTables,
    RegistrationTables {}
