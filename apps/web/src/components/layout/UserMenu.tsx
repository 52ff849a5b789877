import { Code, LogOut, Settings, User } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Avatar } from '@/components/ui/avatar';

const ITEM =
  'flex cursor-pointer items-center gap-2 rounded-md px-2 py-1.5 text-sm outline-none data-[highlighted]:bg-accent data-[highlighted]:text-accent-foreground';

/** The avatar button and its menu: username, Profile, Settings, Developers, Logout. */
export function UserMenu(props: {
  username: string | null | undefined;
  fullName: string | null | undefined;
  avatarUrl: string | null | undefined;
  onLogout(): void;
}) {
  const { t } = useTranslation('common');
  const name = props.username?.trim() || t('user');
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger
        aria-label={t('nav.accountMenu')}
        className="rounded-full focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring/60"
      >
        <Avatar src={props.avatarUrl} fullName={props.fullName} className="size-9 text-sm" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          className="z-50 min-w-48 rounded-lg border bg-popover p-1 text-popover-foreground shadow-lg"
        >
          <DropdownMenu.Label className="truncate px-2 py-1.5 text-sm font-semibold">
            {name}
          </DropdownMenu.Label>
          <DropdownMenu.Separator className="my-1 h-px bg-border" />
          <DropdownMenu.Item asChild className={ITEM}>
            <Link to="/profile">
              <User className="size-4" aria-hidden="true" />
              {t('nav.profile')}
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild className={ITEM}>
            <Link to="/settings">
              <Settings className="size-4" aria-hidden="true" />
              {t('nav.settings')}
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild className={ITEM}>
            <Link to="/dev-program/oauth2">
              <Code className="size-4" aria-hidden="true" />
              {t('nav.developers')}
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Separator className="my-1 h-px bg-border" />
          <DropdownMenu.Item className={ITEM} onSelect={props.onLogout}>
            <LogOut className="size-4" aria-hidden="true" />
            {t('nav.logout')}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
