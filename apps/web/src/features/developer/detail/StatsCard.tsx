import type { ClientStats } from '@omnia/contracts/developer';
import { Activity, CalendarDays, CalendarRange, Sigma } from 'lucide-react';
import type { ReactNode, Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardDescription, CardFooter, CardHeader } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { formatDate, formatNumber } from '@/lib/format';
import { UsageChart } from './UsageChart';

function Tile({ icon, label, value }: { icon: ReactNode; label: string; value: number }) {
  return (
    <div className="rounded-lg border border-border bg-muted/30 p-3">
      <div className="flex items-center gap-1.5 text-xs text-muted-foreground [&_svg]:size-3.5">
        {icon}
        {label}
      </div>
      <div className="mt-1 text-2xl font-bold tabular-nums">{formatNumber(value)}</div>
    </div>
  );
}

/** Usage statistics; stays on 'Loading statistics...' until they arrive (failures are only logged). */
export function StatsCard({ stats, ref }: { stats: ClientStats | undefined; ref?: Ref<HTMLDivElement> }) {
  const { t } = useTranslation('developer');
  const actions = Object.entries(stats?.byAction ?? {})
    .filter((entry): entry is [string, number] => typeof entry[1] === 'number' && entry[1] > 0)
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  const max = actions[0]?.[1] ?? 0;

  return (
    <Card
      ref={ref}
      tabIndex={-1}
      data-testid="client-stats"
      className="scroll-mt-20 outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      <CardHeader>
        <h2 className="flex items-center gap-2 text-lg font-semibold leading-tight tracking-tight">
          <Activity aria-hidden="true" className="size-5 text-primary" />
          {t('stats.title')}
        </h2>
        <CardDescription>{t('stats.subtitle')}</CardDescription>
      </CardHeader>
      {stats ? (
        <>
          <CardContent className="space-y-6">
            <div className="grid grid-cols-2 gap-3">
              <Tile icon={<Sigma />} label={t('stats.total')} value={stats.total} />
              <Tile icon={<CalendarDays />} label={t('stats.today')} value={stats.today} />
              <Tile icon={<CalendarRange />} label={t('stats.last7')} value={stats.last7Days} />
              <Tile icon={<CalendarRange />} label={t('stats.last30')} value={stats.last30Days} />
            </div>
            <UsageChart stats={stats} />
            <section className="space-y-3">
              <h3 className="text-sm font-medium">{t('stats.breakdown')}</h3>
              {actions.length === 0 ? (
                <p className="text-sm text-muted-foreground">{t('stats.noEvents')}</p>
              ) : (
                <ul className="space-y-2.5">
                  {actions.map(([action, count]) => (
                    <li key={action} className="space-y-1">
                      <div className="flex items-center justify-between gap-2 text-sm">
                        <span>
                          {t(`stats.actions.${action}`, { defaultValue: action.replace(/_/g, ' ') })}
                        </span>
                        <span className="font-medium tabular-nums">{formatNumber(count)}</span>
                      </div>
                      <div className="h-1.5 overflow-hidden rounded-full bg-muted">
                        <div
                          className="h-full rounded-full bg-gradient-to-r from-brand-from to-brand-to"
                          style={{ width: `${max ? Math.max(4, (count / max) * 100) : 0}%` }}
                        />
                      </div>
                    </li>
                  ))}
                </ul>
              )}
            </section>
          </CardContent>
          <CardFooter className="flex-col items-start gap-1 border-t border-border pt-4 text-xs text-muted-foreground sm:flex-row sm:justify-between">
            <span>{t('stats.created', { date: formatDate(stats.created_at) })}</span>
            <span>{t('stats.updated', { date: formatDate(stats.updated_at) })}</span>
          </CardFooter>
        </>
      ) : (
        <CardContent className="flex items-center justify-center py-10">
          <Spinner label={t('stats.loading')} />
        </CardContent>
      )}
    </Card>
  );
}
