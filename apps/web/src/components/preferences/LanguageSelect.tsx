import type { Language } from '@omnia/contracts/constants';
import { LanguageOptions } from '@/components/layout/LanguageOptions';
import { isLanguage } from '@/lib/i18n';

/** The interface language, as a labelled select (onboarding and Settings). */
export function LanguageSelect({
  id,
  label,
  value,
  onChange,
}: {
  id: string;
  label: string;
  value: Language;
  onChange(language: Language): void;
}) {
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(e) => {
          if (isLanguage(e.target.value)) onChange(e.target.value);
        }}
        className="flex h-10 w-full rounded-md border border-input bg-background/60 px-3 text-sm shadow-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring/40"
      >
        <LanguageOptions />
      </select>
    </div>
  );
}
