import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from "node:dns";
import ipaddr from "ipaddr.js";

/**
 * An address the server refused to connect to: a project's OIDC issuer is named by a workspace
 * member, so without this check they could make the server probe its own network (cloud
 * metadata at 169.254.169.254, databases on 10/8, services on loopback).
 */
export class PrivateAddressError extends Error {
  constructor(host: string, address: string) {
    super(`${host} resolves to ${address}, which is not a public address`);
    this.name = "PrivateAddressError";
  }
}

/**
 * Whether an IP address is on the public internet. Only ipaddr.js's "unicast" range counts:
 * loopback, private (10/8, 172.16/12, 192.168/16), link-local (169.254/16, fe80::/10), unique
 * local (fc00::/7), carrier-grade NAT, unspecified, multicast, reserved and the IPv6 forms that
 * embed an IPv4 address (mapped, 6to4, NAT64) are all refused.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  return ipaddr.process(address).range() === "unicast";
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A `lookup` for http(s).request that resolves the host and refuses it when ANY of its addresses
 * is not public: the connection then uses an address that was checked, so a name that resolves
 * to a private address (or to a public one first and a private one on the next lookup) cannot
 * slip through between check and connect.
 */
export function publicOnlyLookup(hostname: string, options: LookupOptions, callback: LookupCallback): void {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, []);
    const refused = addresses.find(({ address }) => !isPublicAddress(address));
    if (refused) return callback(new PrivateAddressError(hostname, refused.address), []);
    if (options.all) return callback(null, addresses);
    callback(null, addresses[0].address, addresses[0].family);
  });
}
