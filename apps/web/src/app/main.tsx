import './zod-jitless';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { initI18n, loadLanguage } from '@/lib/i18n';
import { AppProvider } from './provider';
import { createQueryClient } from './query-client';
import { createAppRouter } from './router';
import { installUnauthorizedHandler } from './session-expiry';
import './styles.css';

/** Renders the console once the page's language is loaded (its texts are a chunk of their own). */
async function start(): Promise<void> {
  initI18n();
  await loadLanguage();
  const queryClient = createQueryClient();
  const router = createAppRouter();
  installUnauthorizedHandler({ navigate: (to, options) => router.navigate(to, options), location: () => router.state.location }, queryClient);

  const root = document.getElementById('root');
  if (!root) throw new Error('index.html lacks #root');
  createRoot(root).render(
    <StrictMode>
      <AppProvider queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProvider>
    </StrictMode>,
  );
}

void start();
