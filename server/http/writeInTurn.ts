import type { ServerResponse } from "node:http";

/**
 * Writes a chunk of a streamed answer and, when the client's side is full, waits until it has
 * taken it (backpressure) or has gone: waiting for 'drain' alone never ends once the connection
 * is closed, and would keep the writer and everything it holds alive for good. The writer
 * checks `res.destroyed` before reading more.
 */
export async function writeInTurn(res: ServerResponse, chunk: string | Buffer): Promise<void> {
  if (res.write(chunk) || res.destroyed) return;
  await new Promise<void>((resolve) => {
    const done = () => {
      res.off("drain", done);
      res.off("close", done);
      resolve();
    };
    res.on("drain", done);
    res.on("close", done);
  });
}
