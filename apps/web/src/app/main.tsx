import './zod-jitless';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { initI18n, loadLanguage } from '@/lib/i18n';
import { AppProvider } from './provider';
import { createQueryClient } from './query-client';
import { AppRoutes } from './router';
import './styles.css';

/** Renders the console once the page's language is loaded (its texts are a chunk of their own). */
async function start(): Promise<void> {
  initI18n();
  await loadLanguage();
  const queryClient = createQueryClient();

  const root = document.getElementById('root');
  if (!root) throw new Error('index.html lacks #root');
  createRoot(root).render(
    <StrictMode>
      <AppProvider queryClient={queryClient}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </AppProvider>
    </StrictMode>,
  );
}

void start();
