import { CELEBRATION_DELAY_MS, STORAGE_KEYS } from '@omnia/contracts/constants';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
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

// The modal (and its dialog library) loads only when it may show: when its wait starts, so it is
// there when the wait ends (the SPEC's "after about 2 s"), not 2 s plus a download later.
const loadCelebration = () => import('./components/CelebrationModal');
const CelebrationModal = lazy(loadCelebration);

function scrollToServices() {
  document
    .getElementById('services')
    ?.scrollIntoView({ behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
}

export function LandingPage() {
  useScreenTitle('landing');
  // The page is pre-rendered the same for everyone and paints before any script runs; once it is
  // hydrated, the browser's storage says whether this is the first visit, which runs the intro
  // (its flag set at once). Read once per page load.
  const [intro, setIntro] = useState<'unknown' | 'running' | 'done'>('unknown');
  const introChecked = useRef(false);
  useEffect(() => {
    if (introChecked.current) return; // StrictMode's second run would find the flag just set
    introChecked.current = true;
    const firstVisit = !readFlag(STORAGE_KEYS.hasSeenAnimation);
    setFlag(STORAGE_KEYS.hasSeenAnimation);
    setIntro(firstVisit && !prefersReducedMotion() ? 'running' : 'done');
  }, []);
  const [celebrating, setCelebrating] = useState(false);
  const endIntro = useCallback(() => setIntro('done'), []);

  // The celebration waits for the intro, then shows 2 s later unless already seen.
  useEffect(() => {
    if (intro !== 'done' || readFlag(STORAGE_KEYS.launchCelebrationShown)) return;
    // A failed download is tried again when the modal renders (React.lazy).
    loadCelebration().catch(() => undefined);
    const timer = setTimeout(() => setCelebrating(true), CELEBRATION_DELAY_MS);
    return () => clearTimeout(timer);
  }, [intro]);

  const closeCelebration = useCallback(() => {
    setFlag(STORAGE_KEYS.launchCelebrationShown);
    setCelebrating(false);
  }, []);

  return (
    <div className="min-h-dvh">
      {intro === 'running' ? <IntroAnimation onDone={endIntro} /> : null}
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
