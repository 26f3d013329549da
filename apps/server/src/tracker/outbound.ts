// The outbound guard: every request Handoff makes to a tracker site goes through here (main README,
// "Security": outbound requests). By default only public addresses are reached; TRACKER_ALLOWED_HOSTS
// names the internal hosts and ranges an administrator allows. What is checked is the address actually
// connected to, on every request: the check runs inside the connection's own DNS lookup (so a name that
// answers public once and loopback the next time, DNS rebinding, is refused), and a host that is an IP
// literal (which Node connects to without a lookup) is checked before the request. Redirects are never
// followed. Anchors: the OWASP SSRF prevention cheat sheet, GitLab's "Outbound requests" settings.
//
// The API, for every tracker adapter (Jira Cloud, Jira Data Center, GitHub, Linear, ...):
// - `OutboundGuard`: `new OutboundGuard({ allowed, resolve? })`;
//   `guard.fetch(url, init)` is a fetch that connects only where allowed and answers a 3xx with an
//   error naming the host it points to; `guard.checkUrl(url)` refuses a URL before any connection
//   (resolving its name once); `guard.close()` drops its kept-alive connections.
// - `AllowedHosts` / `parseAllowedHosts(text)`: the TRACKER_ALLOWED_HOSTS syntax (comma-separated host
//   names, IP addresses and CIDR ranges); `allowedHostOf(url)` adds a configured site's host.
// - `isPublicAddress(ip)`: the address classifier.
// - `OutboundError`: what the guard throws (an AppError: its status and message are the user's).
// The Base URL rules a user-given site must meet are in @handoff/core/api (`addSiteBody`'s baseUrl).
import { lookup as dnsLookup } from 'node:dns/promises';
import type { LookupFunction } from 'node:net';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import { Agent, fetch as undiciFetch } from 'undici';
import { AppError } from '../errors.ts';

type Address = ipaddr.IPv4 | ipaddr.IPv6;

/** A resolved address of a host name, as dns.lookup gives it. */
export interface ResolvedAddress {
  address: string;
  family: number;
}

/** Turns a host name into its addresses (default: the system's resolver, as every connection uses). */
type Resolve = (hostname: string) => Promise<ResolvedAddress[]>;

/** Hosts an administrator allows besides public addresses: names (exact) and address ranges. */
export interface AllowedHosts {
  names: ReadonlySet<string>;
  ranges: ReadonlyArray<[Address, number]>;
}

/** What the guard refuses: a host that is not public, or a redirect. */
export class OutboundError extends AppError {
  override name = 'OutboundError';
}

/** The 400 a site on an address that is not public answers (word for word as the main README's Security section gives it). */
function hostRefused(host: string): OutboundError {
  return new OutboundError(
    400,
    'SITE_NOT_PUBLIC',
    `Handoff may not connect to ${host}: it is not a public address. An administrator can allow it with TRACKER_ALLOWED_HOSTS.`,
  );
}

/** Whether an address is on the public internet; every special-purpose range (IANA registries) is not. */
export function isPublicAddress(ip: string): boolean {
  return ipaddr.isValid(ip) && unmapped(ipaddr.parse(ip)).range() === 'unicast';
}

/** An IPv4-mapped IPv6 address (::ffff:127.0.0.1) is the IPv4 address it carries. */
function unmapped(address: Address): Address {
  return address.kind() === 'ipv6' && (address as ipaddr.IPv6).isIPv4MappedAddress()
    ? (address as ipaddr.IPv6).toIPv4Address()
    : address;
}

/** A host name as compared: lower case, without the trailing dot of a fully qualified name. */
const hostKey = (hostname: string) =>
  hostname
    .toLowerCase()
    .replace(/^\[|\]$/g, '')
    .replace(/\.+$/, '');

/** RFC 6761: `localhost` and every name under it are loopback, whatever a resolver says. */
const isLocalhostName = (key: string) => key === 'localhost' || key.endsWith('.localhost');

/**
 * TRACKER_ALLOWED_HOSTS: comma-separated host names, IP addresses and CIDR ranges
 * (`jira.corp.local,10.20.0.0/16`), with the entries it can't read (so the setting can name them).
 */
export function parseAllowedHosts(text: string): { allowed: AllowedHosts; unreadable: string[] } {
  const names = new Set<string>();
  const ranges: Array<[Address, number]> = [];
  const unreadable: string[] = [];
  for (const entry of text
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean)) {
    const bare = entry.replace(/^\[|\]$/g, '');
    if (entry.includes('/')) {
      try {
        ranges.push(ipaddr.parseCIDR(entry));
      } catch {
        unreadable.push(entry);
      }
    } else if (isIP(bare)) {
      const address = unmapped(ipaddr.parse(bare));
      ranges.push([address, address.kind() === 'ipv4' ? 32 : 128]);
    } else {
      const host = hostOf(`http://${entry}`);
      if (host && !host.startsWith('[')) names.add(hostKey(host));
      else unreadable.push(entry);
    }
  }
  return { allowed: { names, ranges }, unreadable };
}

const hostOf = (url: string, base?: string): string | undefined => {
  try {
    return new URL(url, base).hostname || undefined;
  } catch {
    return undefined;
  }
};

/** The allow list with a configured site's host added (JIRA_BASE_URL: the administrator set it). */
export function allowedHostOf(allowed: AllowedHosts, url: string | undefined): AllowedHosts {
  const host = url ? hostOf(url) : undefined;
  if (!host) return allowed;
  const { allowed: extra } = parseAllowedHosts(host.replace(/^\[|\]$/g, ''));
  return { names: new Set([...allowed.names, ...extra.names]), ranges: [...allowed.ranges, ...extra.ranges] };
}

interface GuardOptions {
  allowed: AllowedHosts;
  /** Tests answer names from a table; the server uses the system's resolver. */
  resolve?: Resolve;
}

export class OutboundGuard {
  private readonly resolve: Resolve;
  private readonly agent: Agent;

  constructor(private readonly options: GuardOptions) {
    this.resolve = options.resolve ?? ((hostname) => dnsLookup(hostname, { all: true, verbatim: true }));
    this.agent = new Agent({ connect: { lookup: this.lookup } });
  }

  /** A fetch that reaches only allowed addresses and never follows a redirect (3xx: OutboundError). */
  readonly fetch = async (url: string, init: RequestInit): Promise<Response> => {
    const target = new URL(url);
    const literal = hostKey(target.hostname);
    if (isIP(literal)) this.checkAddress(target.hostname, literal);
    else if (this.refusedByName(literal)) throw hostRefused(target.hostname);
    let response: Awaited<ReturnType<typeof undiciFetch>>;
    try {
      response = await undiciFetch(url, {
        ...(init as Parameters<typeof undiciFetch>[1]),
        redirect: 'manual',
        dispatcher: this.agent,
      });
    } catch (error) {
      throw outboundCause(error) ?? error;
    }
    if (response.status >= 300 && response.status < 400 && response.status !== 304) {
      await response.body?.cancel();
      throw redirected(response.headers.get('location'), url);
    }
    // undici's Response is the one Node's global fetch answers with (Node bundles undici).
    return response as unknown as Response;
  };

  /** Refuses a URL whose host is not allowed, before any connection is made. */
  async checkUrl(url: string): Promise<void> {
    const target = new URL(url);
    const key = hostKey(target.hostname);
    if (isIP(key)) return this.checkAddress(target.hostname, key);
    if (this.refusedByName(key)) throw hostRefused(target.hostname);
    if (this.options.allowed.names.has(key)) return;
    const addresses = await this.resolveOrRefuse(target.hostname);
    for (const { address } of addresses) this.checkAddress(target.hostname, address);
  }

  async close(): Promise<void> {
    await this.agent.close();
  }

  /** The connection's own lookup: the addresses it will connect to are the ones checked. */
  private readonly lookup: LookupFunction = (hostname, options, callback) => {
    const reply = callback as (error: Error | null, address?: unknown, family?: number) => void;
    (async () => {
      const key = hostKey(hostname);
      if (this.refusedByName(key)) throw hostRefused(hostname);
      const addresses = await this.resolveOrRefuse(hostname);
      if (!this.options.allowed.names.has(key)) {
        for (const { address } of addresses) this.checkAddress(hostname, address);
      }
      return addresses;
    })().then(
      (addresses) => {
        const first = addresses[0] as ResolvedAddress;
        if (options.all) reply(null, addresses);
        else reply(null, first.address, first.family);
      },
      (error: Error) => reply(error),
    );
  };

  private async resolveOrRefuse(hostname: string): Promise<ResolvedAddress[]> {
    const addresses = await this.resolve(hostname);
    if (addresses.length === 0)
      throw Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' });
    return addresses;
  }

  /** `localhost` names are refused unless allowed by name. */
  private refusedByName(key: string): boolean {
    return isLocalhostName(key) && !this.options.allowed.names.has(key);
  }

  private checkAddress(host: string, ip: string): void {
    if (this.allows(hostKey(host), ip)) return;
    throw hostRefused(host);
  }

  private allows(key: string, ip: string): boolean {
    const { names, ranges } = this.options.allowed;
    if (names.has(key) || isPublicAddress(ip)) return true;
    if (!ipaddr.isValid(ip)) return false;
    const address = unmapped(ipaddr.parse(ip));
    return ranges.some(([base, bits]) => base.kind() === address.kind() && address.match(base, bits));
  }
}

/** The guard's own refusal inside the error undici wraps a failed connection in, if that is what failed. */
function outboundCause(error: unknown): OutboundError | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
    if (current instanceof OutboundError) return current;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

function redirected(location: string | null, from: string): OutboundError {
  const host = location ? hostOf(location, from) : undefined;
  return new OutboundError(
    400,
    'SITE_REDIRECTED',
    host
      ? `The site answered with a redirect to ${host}. Handoff does not follow redirects: use the address of the site itself.`
      : 'The site answered with a redirect. Handoff does not follow redirects: use the address of the site itself.',
  );
}
