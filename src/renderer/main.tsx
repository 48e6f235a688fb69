import { StrictMode } from 'react';
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
import { FullPageSpinner } from './routing/FullPageSpinner';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
const root = createRoot(container);

root.render(
  <MantineProvider theme={theme}>
    <FullPageSpinner label="Starting Tracklint…" />
  </MantineProvider>,
);

// Created before the config arrives: the router starts loading the first page's code at once.
const router = createBrowserRouter(buildRoutes());

bootstrap().then(
  (context) =>
    root.render(
      <StrictMode>
        <App {...context} router={router} />
      </StrictMode>,
    ),
  (error: unknown) =>
    root.render(
      <MantineProvider theme={theme}>
        <ConfigErrorScreen message={error instanceof Error ? error.message : String(error)} configUrl={platform.configUrl} />
      </MantineProvider>,
    ),
);
