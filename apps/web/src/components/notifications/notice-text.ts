import type { Notification } from '@omnia/contracts/notifications';
import type { TFunction } from 'i18next';
import { formatDate } from '@/lib/format';

export interface NoticeText {
  title: string;
  body?: string;
}

/** How a notice reads in the UI's language: a title and, when it carries details, a line about them. */
export function noticeText(notice: Notification, t: TFunction<'notifications'>): NoticeText {
  const k = (key: string, values?: Record<string, unknown>) => t(`kinds.${notice.kind}.${key}`, values ?? {});
  switch (notice.kind) {
    case 'new_sign_in': {
      const { browser, os, device, ip } = notice.data;
      const known = (value: string | undefined) => (value && value !== 'Unknown' ? value : t('unknown'));
      const where = browser ? t('browserOn', { browser, os: known(os) }) : `${known(device)} · ${known(os)}`;
      return { title: k('title'), body: ip ? k('bodyWithIp', { where, ip }) : k('body', { where }) };
    }
    case 'app_authorized':
      return { title: k('title'), body: k('body', { app: notice.data.app }) };
    case 'second_factor_added':
      // A passkey signs in on its own: it does not turn two-step verification on.
      return notice.data.method === 'passkey'
        ? { title: k('passkey'), body: k('passkeyBody') }
        : { title: k('totp'), body: k('body') };
    case 'second_factor_removed':
      return { title: k(notice.data.method === 'passkey' ? 'passkey' : 'totp'), body: k('body') };
    case 'recovery_code_used': {
      const { remaining } = notice.data;
      return { title: k('title'), body: remaining > 0 ? k('body', { count: remaining }) : k('none') };
    }
    case 'second_factor_removal_scheduled':
      return { title: k('title'), body: k('body', { date: formatDate(notice.data.after) }) };
    case 'app_changed':
      return { title: k('title'), body: k(notice.data.review ? 'review' : 'body', { app: notice.data.app }) };
    case 'app_change_decided':
      return {
        title: k(notice.data.approved ? 'approved' : 'rejected'),
        body: k('body', { app: notice.data.app }),
      };
    case 'app_members_changed': {
      const { change, app, who } = notice.data;
      // What the owner did to the person names the owner, who may have no username.
      const unnamed = !who && (change === 'added_you' || change === 'removed_you');
      return { title: k(change), body: k(unnamed ? `${change}BodyUnnamed` : `${change}Body`, { app, who }) };
    }
    case 'app_registered':
      return { title: k('title'), body: k('body', { app: notice.data.app, token: notice.data.token }) };
    case 'account_locked':
      return { title: k('title'), body: k('body', { count: notice.data.minutes }) };
    case 'second_factor_kept':
      return { title: k('title') };
    case 'password_changed':
    case 'password_reset':
    case 'recovery_codes_regenerated':
    case 'email_change_requested':
    case 'email_changed':
      return { title: k('title'), body: k('body') };
    default:
      // A kind this page does not know yet (a newer server): still said, plainly.
      return { title: t('kinds.other.title') };
  }
}
