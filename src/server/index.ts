import { ConfigError, loadConfig } from './config';
import { createLogger } from './logger';
import { startServer } from './server';

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(2);
    }
    throw err;
  }
  const log = createLogger(config.logLevel);
  const running = await startServer(config, log);
  log.info({ url: running.url }, 'Tracklint is running');
  process.stdout.write(`\n  Tracklint is running at ${running.url}\n\n`);

  const shutdown = async (signal: string) => {
    log.info({ signal }, 'shutting down');
    await running.stop();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((err: unknown) => {
  process.stderr.write(`Tracklint failed to start: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
