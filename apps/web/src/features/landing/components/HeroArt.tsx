import { Cloud, GraduationCap, ListChecks, MessageCircle, Server, ShieldCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { OmniaMark } from '@/components/ui/omnia-mark';

const ORBIT = [
  { Icon: Cloud, className: 'top-[6%] left-1/2 -translate-x-1/2' },
  { Icon: MessageCircle, className: 'top-[30%] right-[4%]' },
  { Icon: Server, className: 'bottom-[14%] right-[14%]' },
  { Icon: GraduationCap, className: 'bottom-[14%] left-[14%]' },
  { Icon: ListChecks, className: 'top-[30%] left-[4%]' },
];

/** Decorative: the one account at the centre, its services around it. CSS only. */
export function HeroArt() {
  const { t } = useTranslation('landing');
  return (
    <div aria-hidden="true" className="relative mx-auto aspect-square w-full max-w-md">
      <div className="absolute inset-[12%] rounded-full border border-dashed border-primary/30 motion-safe:animate-[spin_60s_linear_infinite]" />
      <div className="absolute inset-[28%] rounded-full border border-primary/20" />
      <div className="absolute inset-[30%] rounded-full bg-gradient-to-br from-brand-from/30 to-brand-to/30 blur-3xl" />
      <div className="absolute inset-0 flex items-center justify-center">
        <div className="rounded-3xl border border-border bg-card/80 p-6 shadow-2xl shadow-primary/20 backdrop-blur">
          <OmniaMark className="size-20" />
          <div className="mt-3 flex items-center justify-center gap-1 text-xs font-medium text-success">
            <ShieldCheck className="size-3.5" /> {t('hero.verified')}
          </div>
        </div>
      </div>
      {ORBIT.map(({ Icon, className }) => (
        <div
          key={className}
          className={`absolute flex size-14 items-center justify-center rounded-2xl border border-border bg-card text-primary shadow-lg ${className}`}
        >
          <Icon className="size-6" />
        </div>
      ))}
    </div>
  );
}
