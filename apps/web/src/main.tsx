import './styles/index.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { Providers } from './app/providers';
import { router } from './app/router';
import { setLanguage } from './lib/i18n';
import { initialLanguage } from './lib/language';

// The first paint is already in the visitor's language: its catalogues (and English's, the fallback) load first.
void setLanguage(initialLanguage()).finally(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  );
});
