import { createServer as createNetServer, type Server as NetServer } from "node:net";

/** Where the server listens: HOST, or both loopback addresses so `localhost` works either way. */
export function listenAddresses(host: string | undefined): string[] {
  return host ? [host] : ["127.0.0.1", "::1"];
}

/**
 * Listens on every address; extra addresses hand their connections to the first server, so one
 * HTTP server (and its WebSocket upgrades) serves all of them. A machine without IPv6 simply
 * has no `::1` to listen on. Returns a function that stops the extra listeners.
 */
export async function listenOn(server: NetServer, host: string | undefined, port: number): Promise<() => Promise<void>> {
  const [first, ...others] = listenAddresses(host);
  await listenOne(server, first, port);
  const extras: NetServer[] = [];
  try {
    for (const address of others) {
      const extra = createNetServer((socket) => server.emit("connection", socket));
      if (await listenOne(extra, address, port, { optional: true })) extras.push(extra);
    }
  } catch (error) {
    await Promise.all([...extras, server].map(closeServer));
    throw error;
  }
  return () => Promise.all(extras.map(closeServer)).then(() => undefined);
}

/** Fails with EADDRINUSE when another process holds the port, without keeping it. */
export async function assertPortFree(host: string | undefined, port: number) {
  const probe = createNetServer();
  const closeExtras = await listenOn(probe, host, port);
  await closeExtras();
  await closeServer(probe);
}

function listenOne(server: NetServer, address: string, port: number, options: { optional?: boolean } = {}): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException) => {
      const unavailable = error.code === "EADDRNOTAVAIL" || error.code === "EAFNOSUPPORT";
      if (options.optional && unavailable) resolve(false);
      else reject(error);
    };
    server.once("error", onError);
    server.listen({ port, host: address, ipv6Only: address === "::1" }, () => {
      server.off("error", onError);
      resolve(true);
    });
  });
}

function closeServer(server: NetServer): Promise<void> {
  return new Promise((resolve) => (server.listening ? server.close(() => resolve()) : resolve()));
}
