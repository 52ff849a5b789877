// Applies the stored theme before first paint (an external file: the CSP allows no inline script).
(() => {
  try {
    const theme = localStorage.getItem('omnia-theme') === 'light' ? 'light' : 'dark';
    const root = document.documentElement;
    root.classList.remove('dark', 'light');
    root.classList.add(theme);
    root.style.colorScheme = theme;
  } catch {}
})();
