// The app's script for a pre-rendered page (apps/web/scripts/prerender.ts writes this tag, with the
// entry and the chunks to preload): requested only after the page's first paint, so the paint
// never waits for it nor shares the network with it. An external file: the CSP allows no inline script.
(() => {
  const tag = document.currentScript;
  if (!tag) return;
  const load = () => {
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
  // A frame's callbacks run once rendering may start (after the stylesheet), the timeout after its paint.
  if (document.visibilityState === 'hidden') load();
  else requestAnimationFrame(() => setTimeout(load, 0));
})();
