import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { LazyToaster } from '@/components/ui/lazy-toaster';
import { AccountDataSync } from '@/lib/account-data';
import { AuthProvider } from '@/lib/auth';
import { HydrationMark } from '@/lib/hydration';
import i18n from '@/lib/i18n';
import { LanguageSync } from '@/lib/language';
import { ThemeProvider } from '@/lib/theme';

const queryClient = new QueryClient({
  defaultOptions: { queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false } },
});

export function Providers({ children }: { children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <ThemeProvider>
          <AuthProvider>
            <AccountDataSync />
            <LanguageSync />
            <HydrationMark />
            {children}
          </AuthProvider>
          <LazyToaster />
        </ThemeProvider>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
