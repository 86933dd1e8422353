import { readConfig } from "./config";
import { createPlatform } from "./app";
import { log } from "./log";

/** `npm start` entry: one process on one port. */
async function main() {
  const config = readConfig();
  const platform = await createPlatform(config);
  try {
    await platform.listen();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EADDRINUSE") {
      console.error(`Port ${config.port} is already in use. Stop the other process or set PORT to a free port.`);
      await platform.db.destroy();
      process.exit(1);
    }
    throw error;
  }
  log.info(`Baukasten is running on http://localhost:${config.port} (data: ${config.databaseUrl ? "PostgreSQL" : config.dataDir})`);
  const stop = async () => {
    await platform.close();
    process.exit(0);
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

main().catch((error) => {
  console.error("Baukasten could not start:", error instanceof Error ? error.message : error);
  process.exit(1);
});
