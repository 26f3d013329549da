import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig, openRegistrationWarning } from './config.ts';
import { lockDataDir } from './data-dir-lock.ts';
import { openDatabase } from './db/database.ts';
import { batchedStdout } from './log-destination.ts';
import { resolveSecrets } from './secrets.ts';

async function main(): Promise<void> {
  const config = await resolveSecrets(loadConfig());
  const unlock = config.databaseUrl ? undefined : await lockDataDir(config.dataDir);
  const db = await openDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl }
      : { kind: 'pglite', dataDir: `${config.dataDir}/pglite` },
  );
  const log = batchedStdout();
  const app = await buildApp({
    config,
    db,
    logger: { level: config.logLevel, stream: log.stream },
    autosend: { start: true },
  });

  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'shutting down after an error');
    else app.log.info(`${signal} received, shutting down`);
    // In this order: requests and the auto-send round finish before the database goes away.
    await app.close();
    await db.destroy();
    await unlock?.();
    log.close();
  });

  await app.listen({ port: config.port, host: config.host });
  if (!config.publicUrlConfigured && !isLoopback(config.host)) {
    app.log.warn(
      `Handoff listens on ${config.host} but PUBLIC_URL is not set: password-reset links will point at ` +
        `${config.publicUrl}, which other machines cannot open. Set PUBLIC_URL to the address users reach Handoff by.`,
    );
  }
  const registrationRisk = openRegistrationWarning(config);
  if (registrationRisk) app.log.warn(registrationRisk);
  app.log.info(`Handoff is ready at ${config.publicUrl}`);
}

/** Whether HOST only accepts connections from this machine. */
function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\./.test(host);
}

main().catch((error: unknown) => {
  // A configuration or start-up problem is a message for the operator, not a stack trace.
  const message = error instanceof ConfigError || error instanceof Error ? error.message : String(error);
  console.error(`Handoff could not start.\n${message}`);
  process.exit(1);
});
