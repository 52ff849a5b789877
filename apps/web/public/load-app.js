// The app's script for a pre-rendered page (apps/web/scripts/prerender.ts writes this tag, with the
// entry and the chunks to preload): requested once the page's content is on screen, so its paint
// never waits for the script nor shares the network with it. An external file: the CSP allows no
// inline script.
(() => {
  const tag = document.currentScript;
  if (!tag) return;
  let started = false;
  const load = () => {
    if (started) return;
    started = true;
    for (const href of (tag.dataset.preload || '').split(' ')) {
      if (!href) continue;
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.append(link);
    }
    const script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = tag.dataset.entry;
    document.head.append(script);
  };
  // Once the page has loaded (its HTML parsed, its stylesheet applied): when its largest content has
  // been shown (the browser reports it once the frame is on screen), or 300 ms later at the latest.
  // Without that report, after the next frame. A hidden tab paints nothing: it loads at once.
  const afterLoad = () => {
    const loadedAt = performance.now();
    const types = (window.PerformanceObserver && PerformanceObserver.supportedEntryTypes) || [];
    if (!types.includes('largest-contentful-paint')) {
      requestAnimationFrame(() => setTimeout(load, 0));
      return;
    }
    const observer = new PerformanceObserver((list) => {
      if (!list.getEntries().some((entry) => entry.startTime >= loadedAt)) return;
      observer.disconnect();
      load();
    });
    observer.observe({ type: 'largest-contentful-paint', buffered: true });
    setTimeout(load, 300);
  };
  if (document.visibilityState === 'hidden') load();
  else if (document.readyState === 'complete') afterLoad();
  else window.addEventListener('load', afterLoad, { once: true });
})();
