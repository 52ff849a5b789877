import { CELEBRATION_DELAY_MS, STORAGE_KEYS } from '@omnia/contracts/constants';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { SiteFooter } from '@/components/layout/SiteFooter';
import { useScreenTitle } from '@/lib/document-title';
import { FinalCta } from './components/FinalCta';
import { Founders } from './components/Founders';
import { Hero } from './components/Hero';
import { IntroAnimation } from './components/IntroAnimation';
import { LandingHeader } from './components/LandingHeader';
import { LaunchBanner } from './components/LaunchBanner';
import { ServicesSection } from './components/ServicesSection';
import { WhyChoose } from './components/WhyChoose';
import { readFlag, setFlag } from './storage-flags';
import { prefersReducedMotion } from './use-reduced-motion';

// The modal (and its dialog library) loads only when it is about to show.
const CelebrationModal = lazy(() => import('./components/CelebrationModal'));

function scrollToServices() {
  document
    .getElementById('services')
    ?.scrollIntoView({ behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
}

export function LandingPage() {
  useScreenTitle('landing');
  // Read once per page load: the intro runs on the first visit only, and sets its flag at once.
  const [introRunning, setIntroRunning] = useState(() => {
    if (readFlag(STORAGE_KEYS.hasSeenAnimation)) return false;
    setFlag(STORAGE_KEYS.hasSeenAnimation);
    return !prefersReducedMotion();
  });
  const [celebrating, setCelebrating] = useState(false);
  const endIntro = useCallback(() => setIntroRunning(false), []);

  // The celebration waits for the intro, then shows 2 s later unless already seen.
  useEffect(() => {
    if (introRunning || readFlag(STORAGE_KEYS.launchCelebrationShown)) return;
    const timer = setTimeout(() => setCelebrating(true), CELEBRATION_DELAY_MS);
    return () => clearTimeout(timer);
  }, [introRunning]);

  const closeCelebration = useCallback(() => {
    setFlag(STORAGE_KEYS.launchCelebrationShown);
    setCelebrating(false);
  }, []);

  return (
    <div className="min-h-dvh">
      {introRunning ? <IntroAnimation onDone={endIntro} /> : null}
      <LaunchBanner onExplore={scrollToServices} />
      <LandingHeader />
      <main id="main-content" tabIndex={-1}>
        <Hero onExplore={scrollToServices} />
        <WhyChoose />
        <Founders />
        <ServicesSection />
        <FinalCta />
      </main>
      <SiteFooter />
      {celebrating ? (
        <Suspense fallback={null}>
          <CelebrationModal
            onClose={closeCelebration}
            onExplore={() => {
              closeCelebration();
              scrollToServices();
            }}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
export { LandingPage as Component };
