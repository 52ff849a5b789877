import type { ClientStats } from '@omnia/contracts/developer';
import { useTranslation } from 'react-i18next';
import { formatDate, formatNumber } from '@/lib/format';

const HEIGHT = 96;
const BAR = 8;
const GAP = 2;

/**
 * The last 30 days: a bar a day for the app's events, a dot a day for its unique users (on the same
 * scale), and the window's unique users in words. Each day names its numbers on hover and to
 * screen readers (the list under the picture).
 */
export function UsageChart({ stats }: { stats: ClientStats }) {
  const { t } = useTranslation('developer', { keyPrefix: 'stats.chart' });
  const days = stats.daily;
  const peak = Math.max(1, ...days.map((d) => Math.max(d.events, d.users)));
  const width = days.length * (BAR + GAP) - GAP;
  const y = (n: number) => HEIGHT - (n / peak) * (HEIGHT - 4);
  const label = (d: ClientStats['daily'][number]) =>
    t('day', { date: formatDate(`${d.date}T12:00:00Z`), events: d.events, users: d.users });
  return (
    <figure className="space-y-2" data-testid="usage-chart">
      <figcaption className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <span className="text-sm font-medium">{t('title')}</span>
        <span className="text-xs text-muted-foreground" data-testid="unique-users">
          {t('summary', { count: stats.users30Days, formatted: formatNumber(stats.users30Days) })}
        </span>
      </figcaption>
      <svg
        viewBox={`0 0 ${width} ${HEIGHT}`}
        preserveAspectRatio="none"
        className="h-24 w-full overflow-visible"
        aria-hidden="true"
      >
        <line x1={0} x2={width} y1={HEIGHT} y2={HEIGHT} className="stroke-border" strokeWidth={0.5} />
        {days.map((d, i) => (
          <g key={d.date}>
            <title>{label(d)}</title>
            <rect
              x={i * (BAR + GAP)}
              y={y(d.events)}
              width={BAR}
              height={HEIGHT - y(d.events)}
              rx={1.5}
              className="fill-primary/70"
            />
            {d.users > 0 ? (
              <circle cx={i * (BAR + GAP) + BAR / 2} cy={y(d.users)} r={2.2} className="fill-success" />
            ) : null}
          </g>
        ))}
      </svg>
      <div className="flex justify-between text-[11px] text-muted-foreground">
        <span>{days[0] ? formatDate(`${days[0].date}T12:00:00Z`) : ''}</span>
        <span>{days.at(-1) ? formatDate(`${days.at(-1)?.date}T12:00:00Z`) : ''}</span>
      </div>
      <div className="flex flex-wrap gap-4 text-xs text-muted-foreground">
        <span className="flex items-center gap-1.5">
          <span aria-hidden="true" className="size-2.5 rounded-sm bg-primary/70" />
          {t('events')}
        </span>
        <span className="flex items-center gap-1.5">
          <span aria-hidden="true" className="size-2.5 rounded-full bg-success" />
          {t('users')}
        </span>
      </div>
      <ul className="sr-only">
        {days
          .filter((d) => d.events > 0)
          .map((d) => (
            <li key={d.date}>{label(d)}</li>
          ))}
      </ul>
    </figure>
  );
}
