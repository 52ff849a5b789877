import { useEffect, useRef } from 'react';
import { Outlet } from 'react-router';
import { useMyPreferences } from '@/lib/profile';
import { useTheme } from '@/lib/theme';
import { TopNav } from './TopNav';

/** Signed-in screens: the top navigation above the page; the user's stored theme applies here. */
export function AppLayout() {
  const stored = useMyPreferences().data?.theme;
  const { setTheme } = useTheme();
  // Applied when the stored preference arrives or changes, not against every local toggle.
  const applied = useRef<string | null>(null);
  useEffect(() => {
    if (stored && applied.current !== stored) {
      applied.current = stored;
      setTheme(stored);
    }
  }, [stored, setTheme]);
  return (
    <div className="min-h-dvh bg-background">
      <TopNav />
      <main id="main-content" tabIndex={-1} className="mx-auto max-w-6xl px-4 py-8 sm:px-6">
        <Outlet />
      </main>
    </div>
  );
}
