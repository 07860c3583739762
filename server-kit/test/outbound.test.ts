import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it, vi } from "vitest";
import { fetchOutbound, isPublicAddress, OutboundRefused } from "../src/outbound.js";

// every name resolves to the loopback address, as a hostile DNS answer would make it
vi.mock("node:dns", async (original) => ({
  ...(await original<typeof import("node:dns")>()),
  lookup: (_name: string, _options: object, callback: (error: null, addresses: object[]) => void) =>
    callback(null, [{ address: "127.0.0.1", family: 4 }]),
}));

describe("fetches a server makes on input it did not choose", () => {
  it("tells public addresses from loopback, private, link-local and shared ones", () => {
    for (const address of ["127.0.0.1", "10.1.2.3", "172.16.0.9", "192.168.1.1", "169.254.169.254", "100.64.0.1"]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
    for (const address of ["::1", "fc00::1", "fe80::1", "::ffff:127.0.0.1", "0.0.0.0"]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
    expect(isPublicAddress("8.8.8.8")).toBe(true);
    expect(isPublicAddress("2001:4860:4860::8888")).toBe(true);
  });

  it("follows no redirect and reads no more than its limit", async () => {
    const server = createServer((request, response) => {
      if (request.url === "/moved") response.writeHead(302, { location: "http://169.254.169.254/" }).end();
      else response.writeHead(200).end("x".repeat(10_000));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const policy = { origins: [origin], timeoutMs: 2_000, maxBytes: 1_000 };
    try {
      await expect(fetchOutbound(`${origin}/moved`, policy)).rejects.toThrow(/redirect/);
      await expect(fetchOutbound(`${origin}/big`, policy)).rejects.toBeInstanceOf(OutboundRefused);
      await expect(fetchOutbound(`${origin}/big`, { ...policy, maxBytes: 20_000 })).resolves.toMatchObject({
        status: 200,
      });
      await expect(fetchOutbound("http://127.0.0.1:9/elsewhere", policy)).rejects.toThrow(/not an allowed origin/);
    } finally {
      server.close();
    }
  });

  it("reaches a name matched by a pattern only at a public address, and never an address by pattern", async () => {
    const server = createServer((_request, response) => response.end("{}"));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const port = (server.address() as AddressInfo).port;
    const policy = {
      origins: [`http://*.example.ca:${port}`, `http://*.0.0.1:${port}`],
      timeoutMs: 2_000,
      maxBytes: 100,
    };
    try {
      await expect(fetchOutbound(`http://photos.example.ca:${port}/`, policy)).rejects.toThrow(/not a public address/);
      await expect(fetchOutbound(`http://127.0.0.1:${port}/`, policy)).rejects.toThrow(/not an allowed origin/);
      const listed = { ...policy, origins: [`http://127.0.0.1:${port}`] };
      await expect(fetchOutbound(`http://127.0.0.1:${port}/`, listed)).resolves.toMatchObject({ status: 200 });
    } finally {
      server.close();
    }
  });
});
