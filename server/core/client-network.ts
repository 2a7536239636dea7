// The client a rate limit counts. An IPv4 address is one client; an IPv6 address is counted by its
// /64: a home or an office gets a whole /64 (about 18 billion billion addresses), so counting each
// IPv6 address would give anyone there as many fresh counters as they like (40 addresses of one /64
// gave 200 wrong passwords without a refusal). An IPv4 address written as IPv6 (::ffff:203.0.113.5)
// is that IPv4 address.
import ipaddr from 'ipaddr.js';

const IPV6_NETWORK_GROUPS = 4;

/** '203.0.113.5' for itself and for '::ffff:203.0.113.5'; '2001:db8:1:2::/64' for '2001:db8:1:2:aaaa::1'. */
export function clientNetwork(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip;
  const address = ipaddr.process(ip);
  if (address.kind() === 'ipv4') return address.toString();
  const parts = address.toByteArray();
  const network = [...parts.slice(0, IPV6_NETWORK_GROUPS * 2), ...new Array<number>(16 - IPV6_NETWORK_GROUPS * 2).fill(0)];
  return `${ipaddr.fromByteArray(network).toString()}/64`;
}
