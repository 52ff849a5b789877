// Applies the stored theme before first paint (an external file: the CSP allows no inline script),
// and marks <html> with .js: pre-rendered pages show their notes for a browser without script
// (the no-js variant in styles/index.css) only when this never ran.
(() => {
  document.documentElement.classList.add('js');
  try {
    const theme = localStorage.getItem('omnia-theme') === 'light' ? 'light' : 'dark';
    const root = document.documentElement;
    root.classList.remove('dark', 'light');
    root.classList.add(theme);
    root.style.colorScheme = theme;
  } catch {}
})();
