import { isIPv6 } from "node:net";

/**
 * Who a client is for rate limits: its IPv4 address, or its IPv6 /64 (one subscriber's network: a host on it can
 * take any of 2^64 addresses, so counting /128s would give it as many allowances). An IPv4 address written as IPv6
 * (::ffff:203.0.113.5) counts as itself.
 */
export function clientKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped?.[1]) return mapped[1];
  if (!isIPv6(ip)) return ip;
  const [head = "", tail = ""] = ip.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const groups = ip.includes("::") ? [...left, ...Array(8 - left.length - right.length).fill("0"), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((group) => Number.parseInt(group || "0", 16).toString(16))
    .join(":")}::/64`;
}
