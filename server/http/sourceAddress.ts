import { BlockList, isIP } from "node:net";
import type { IncomingMessage } from "node:http";

/**
 * Where a request comes from, for the per-source limits (sign-ups, code mails, wrong passwords).
 * By default that is the TCP peer and X-Forwarded-For is ignored: any client can write that
 * header, so trusting it would let one caller rotate past every limit. Behind reverse proxies,
 * TRUSTED_PROXIES names them; a request from one of them is attributed to the right-most
 * X-Forwarded-For address that is not a trusted proxy itself — the addresses to its left were
 * written by the client and prove nothing.
 */
export function createSourceAddress(trustedProxies: readonly string[]) {
  const trusted = trustedList(trustedProxies);
  return (req: IncomingMessage): string => {
    const peer = normalize(req.socket.remoteAddress ?? "unknown");
    if (!trusted || !isTrusted(trusted, peer)) return peer;
    const header = req.headers["x-forwarded-for"];
    const hops = (Array.isArray(header) ? header.join(",") : (header ?? ""))
      .split(",")
      .map((hop) => normalize(hop.trim()))
      .filter(Boolean);
    let source = peer;
    for (let i = hops.length - 1; i >= 0; i--) {
      // A hop that is no address at all ends the chain: nothing left of it can be told apart.
      if (!isIP(hops[i])) return source;
      source = hops[i];
      if (!isTrusted(trusted, source)) return source;
    }
    return source;
  };
}

/** TRUSTED_PROXIES entries: addresses (IPv4 or IPv6) or subnets in CIDR notation. */
function trustedList(entries: readonly string[]): BlockList | null {
  if (entries.length === 0) return null;
  const list = new BlockList();
  for (const entry of entries) {
    const [address, prefix] = entry.split("/");
    const family = isIP(address);
    if (!family) throw new Error(`TRUSTED_PROXIES: "${entry}" is not an IP address or subnet.`);
    const type = family === 4 ? "ipv4" : "ipv6";
    if (prefix === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(prefix), type);
  }
  return list;
}

function isTrusted(list: BlockList, address: string) {
  const family = isIP(address);
  return family !== 0 && list.check(address, family === 4 ? "ipv4" : "ipv6");
}

/** `::ffff:127.0.0.1` (an IPv4 peer on a dual-stack socket) is `127.0.0.1`. */
function normalize(address: string) {
  return address.startsWith("::ffff:") && isIP(address.slice(7)) === 4 ? address.slice(7) : address;
}
