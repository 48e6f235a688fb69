import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { MantineProvider } from '@mantine/core';
import { createBrowserRouter } from 'react-router-dom';
import './app/public-styles';
import { App } from './app/App';
import { ConfigErrorScreen } from './app/ConfigErrorScreen';
import { bootstrap } from './app/bootstrap';
import { theme } from './app/theme';
import { platform } from './platform';
import { buildRoutes } from './routing/routes';
import { FullPageSpinner } from './components/FullPageSpinner';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// A marketing page the build rendered to HTML (vite.web.config.ts) is already on screen: it stays
// until the app can render the same page over it, instead of a spinner in between.
const prerendered = container.dataset.prerendered === window.location.pathname && container.hasChildNodes();
const root = createRoot(container);
if (!prerendered) {
  root.render(
    <MantineProvider theme={theme}>
      <FullPageSpinner label="Starting Tracklint…" />
    </MantineProvider>,
  );
}

// Created before the config arrives: the router starts loading the first page's code at once.
const router = createBrowserRouter(buildRoutes());

/** Resolves once the router has loaded the first page's code (its lazy routes). */
function routerReady(): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}

Promise.all([bootstrap(), prerendered ? routerReady() : undefined]).then(
  ([context]) =>
    // As a transition, the first render of the whole app yields to the browser every few
    // milliseconds instead of holding the main thread for one long task (the page is already on
    // screen, prerendered or as the spinner, so nothing waits for it but the user's first input,
    // which is handled between the slices).
    startTransition(() =>
      root.render(
        <StrictMode>
          <App {...context} router={router} />
        </StrictMode>,
      ),
    ),
  (error: unknown) =>
    root.render(
      <MantineProvider theme={theme}>
        <ConfigErrorScreen message={error instanceof Error ? error.message : String(error)} configUrl={platform.configUrl} />
      </MantineProvider>,
    ),
);
