import { execFile } from "node:child_process";
import { existsSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { type AddressInfo, connect } from "node:net";
import { join } from "node:path";
import { promisify } from "node:util";
import { REMOTE_NAMES } from "shared-types";
import { everyRouteKind } from "../fixtures/route-kinds";
import {
  API_STAFF_URL,
  E2E_ADMIN_TOKEN,
  E2E_LEADS_EXPORT_TOKEN,
  E2E_PORTS,
  root,
  SITE_URL,
} from "../fixtures/site-processes";
import { expect, test } from "../fixtures/test";

const run = promisify(execFile);
const OBSERVATORY = join(root, "node_modules/@mdn/mdn-http-observatory");
/** The tests only HTTPS can pass (the suite serves plain HTTP): set aside, as the goal says. */
const HTTPS_ONLY_TESTS = new Set(["redirection", "strict-transport-security"]);

interface ObservatoryReport {
  scan: { score: number; grade: string };
  tests: Record<string, { pass: boolean; result: string; scoreModifier: number }>;
}

/** The MDN HTTP Observatory's own scanner, on one page of the composed site. */
async function observatory(path: string): Promise<ObservatoryReport> {
  // its install step downloads the HSTS preload list (the install runs without scripts here): this site is on no
  // preload list, so an empty one is the truth
  const preload = join(OBSERVATORY, "conf/hsts-preload.json");
  if (!existsSync(preload)) writeFileSync(preload, "{}");
  const { stdout } = await run(
    process.execPath,
    [join(OBSERVATORY, "bin/wrapper.js"), `localhost:${E2E_PORTS.host}${path}`],
    { timeout: 60_000 },
  );
  return JSON.parse(stdout) as ObservatoryReport;
}

/**
 * The Observatory's score with the HTTPS-only tests set aside: 100, less every penalty, plus the bonuses when the
 * result is already an A (its own rule: extra credit only from 90).
 */
function scoreWithoutHttpsTests(report: ObservatoryReport): number {
  const counted = Object.entries(report.tests).filter(([name]) => !HTTPS_ONLY_TESTS.has(name));
  const penalties = counted.reduce((sum, [, t]) => sum + Math.min(0, t.scoreModifier), 0);
  const bonuses = counted.reduce((sum, [, t]) => sum + Math.max(0, t.scoreModifier), 0);
  return 100 + penalties >= 90 ? 100 + penalties + bonuses : 100 + penalties;
}

test.describe("security headers", () => {
  for (const path of ["/", "/inventory", "/contact"]) {
    test(`the HTTP Observatory grades ${path} A+ (100 or more) with the HTTPS-only tests set aside`, async () => {
      test.setTimeout(90_000);
      const report = await observatory(path);
      const failed = Object.entries(report.tests)
        .filter(([name, t]) => !t.pass && !HTTPS_ONLY_TESTS.has(name))
        .map(([name, t]) => `${name}: ${t.result}`);
      expect(failed).toEqual([]);
      expect(report.tests["content-security-policy"]?.result).toBe("csp-implemented-with-no-unsafe-default-src-none");
      expect(scoreWithoutHttpsTests(report)).toBeGreaterThanOrEqual(100);
    });
  }

  test("every kind of page runs under its policy with nothing blocked, and the policy holds", async ({
    page,
    pageErrors,
  }) => {
    test.setTimeout(120_000);
    for (const path of await everyRouteKind()) {
      const response = await page.goto(path);
      const policy = response?.headers()["content-security-policy"] ?? "";
      expect(policy, path).toContain("default-src 'none'");
      expect(policy, path).not.toMatch(/unsafe-inline|unsafe-eval/);
      await expect(page.locator("h1").first(), path).toBeVisible();
    }
    expect(pageErrors).toEqual([]);
    // the page's own code may not add a script or a style of its own making: the policy refuses it
    const blocked = await page.evaluate(
      () =>
        new Promise<string>((resolve) => {
          document.addEventListener("securitypolicyviolation", (event) => resolve(event.violatedDirective), {
            once: true,
          });
          const script = document.createElement("script");
          script.textContent = "window.injected = true";
          document.body.append(script);
        }),
    );
    expect(blocked).toBe("script-src-elem");
    expect(await page.evaluate(() => (window as { injected?: boolean }).injected)).toBeUndefined();
  });

  test("the leads export is not reachable through the public site, token or not", async () => {
    for (const url of ["/api/leads/export", "/api/leads/export?format=json", "/api/leads/export?format=csv"]) {
      const response = await fetch(`${SITE_URL}${url}`, {
        headers: { authorization: `Bearer ${E2E_LEADS_EXPORT_TOKEN}` },
      });
      expect(response.status, url).toBe(404);
    }
  });
});

/** A request written as an attacker's `curl --path-as-is` sends it: the status line of the answer. */
function asSent(path: string, headers = ""): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(E2E_PORTS.host, "127.0.0.1", () =>
      socket.write(`GET ${path} HTTP/1.1\r\nHost: localhost\r\n${headers}Connection: close\r\n\r\n`),
    );
    let answer = "";
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => {
      answer += chunk;
      if (answer.includes("text/event-stream")) socket.destroy();
    });
    socket.setTimeout(5_000, () => socket.destroy());
    socket.on("close", () => resolve(answer));
    socket.on("error", reject);
  });
}

test.describe("the public edge (the security review's reproductions)", () => {
  test("High: dot-segment and escaped paths reach no internal route; a path that could mean two things is a 400", async () => {
    for (const path of [
      "/api/./changes",
      "/api/%2e/changes",
      "/api/./leads/export",
      "/api/%2E%2E/api/changes",
      "/api/inventory/../changes",
      "/api/%2fchanges",
      "/api/\\changes",
    ]) {
      const answer = await asSent(path, `Authorization: Bearer ${E2E_LEADS_EXPORT_TOKEN}\r\n`);
      expect(answer, path).toMatch(/^HTTP\/1\.1 400 /);
      expect(answer, path).not.toContain("text/event-stream");
    }
    // what the API has for the machines the site runs on is not forwarded, written plainly either
    for (const path of ["/api/changes", "/api/health/deliveries", "/api/deliveries/resend"]) {
      expect(await asSent(path), path).toMatch(/^HTTP\/1\.1 404 /);
    }
  });

  test("Medium: the staff routes are not on the public site, even with the right token", async () => {
    const admin = { authorization: `Bearer ${E2E_ADMIN_TOKEN}`, "content-type": "application/json" };
    const probes: [string, string, string | undefined][] = [
      ["POST", "/api/admin/feeds/inventory?force=true", "Type,Stock\n"],
      ["POST", "/api/admin/feeds/promotions", "[]"],
      ["GET", "/api/admin/feeds", undefined],
      ["POST", "/api/leads/held/digest", undefined],
      ["PATCH", "/api/admin/units/TF118604", JSON.stringify({ status: "sold" })],
      ["PUT", "/api/business-details", "{}"],
      ["GET", "/api/health/deliveries", undefined],
    ];
    for (const [method, path, body] of probes) {
      const response = await fetch(`${SITE_URL}${path}`, { method, headers: admin, body });
      expect([404, 405], `${method} ${path}`).toContain(response.status);
    }
    // they are on the staff edge: there the same token works, and a wrong one is refused
    expect((await fetch(`${API_STAFF_URL}/api/admin/feeds`, { headers: admin })).status).toBe(200);
    expect(
      (await fetch(`${API_STAFF_URL}/api/admin/feeds`, { headers: { authorization: "Bearer guess" } })).status,
    ).toBe(401);
  });

  test("Low: a return address that leaves the site is not followed: the way back is home", async ({ page }) => {
    for (const from of [
      "/%5Cevil.example",
      "/%09/evil.example",
      "/%0a/evil.example",
      "//evil.example",
      "https://evil.example",
    ]) {
      await page.goto(`/contact/thank-you?form=contact&from=${encodeURIComponent(from).replace(/%25/g, "%")}`);
      const back = page.getByRole("link", { name: "Back to the page you were on" });
      await expect(back, from).toHaveAttribute("href", "/");
    }
    await page.goto(`/contact/thank-you?form=contact&from=${encodeURIComponent("/inventory?page=2")}`);
    await expect(page.getByRole("link", { name: "Back to the page you were on" })).toHaveAttribute(
      "href",
      "/inventory?page=2",
    );
  });

  test("Low: an unsubscribe link's page is no-store, and a random parameter makes no page of its own", async () => {
    const link = await fetch(`${SITE_URL}/unsubscribe?email=dana%40example.ca&token=${"A".repeat(43)}`);
    expect(link.status).toBe(200);
    expect(link.headers.get("cache-control")).toBe("no-store");
    const random = await fetch(`${SITE_URL}/inventory/vehicle/TF118604?nocache=${Date.now()}`, { redirect: "manual" });
    expect(random.status).toBe(301);
    expect(random.headers.get("location")).toBe("/inventory/vehicle/TF118604");
    const search = await fetch(`${SITE_URL}/inventory?page=2&x=${Date.now()}`, { redirect: "manual" });
    expect(search.headers.get("location")).toBe("/inventory?page=2");
  });
});

test.describe("the remotes' own servers", () => {
  test("remotes serve their built files to their own site only, and none of their build's by-products", async () => {
    for (const name of REMOTE_NAMES) {
      const direct = `http://localhost:${E2E_PORTS[name]}`;
      const manifest = await fetch(`${direct}/mf-manifest.json`, { headers: { origin: "https://evil.example" } });
      expect(manifest.status).toBe(200);
      expect(manifest.headers.get("access-control-allow-origin"), name).toBeNull();
      expect(manifest.headers.get("x-content-type-options"), name).toBe("nosniff");
      const proxied = await fetch(`${SITE_URL}/remotes/${name}/mf-manifest.json`);
      expect(proxied.headers.get("access-control-allow-origin"), name).toBeNull();
      for (const path of ["index.html", "mf-stats.json", ".vite/manifest.json"]) {
        expect([403, 404], `${name} ${path}`).toContain((await fetch(`${direct}/${path}`)).status);
        expect([403, 404], `proxied ${name} ${path}`).toContain(
          (await fetch(`${SITE_URL}/remotes/${name}/${path}`, { redirect: "manual" })).status,
        );
      }
    }
    for (const path of ["/.vite/manifest.json", "/index.html"]) {
      expect((await fetch(`${SITE_URL}${path}`, { redirect: "manual" })).status, path).not.toBe(200);
    }
  });

  test("a remote's renderer, reachable by anyone, renders only what the host signed and reads no address it is given", async ({
    page,
  }) => {
    let connections = 0;
    const listener = createServer((_request, response) => response.end("{}"));
    listener.on("connection", () => {
      connections += 1;
    });
    await new Promise<void>((resolve) => listener.listen(0, "127.0.0.1", resolve));
    const bait = `http://127.0.0.1:${(listener.address() as AddressInfo).port}/mf-manifest.json`;
    const request = JSON.stringify({
      path: "/inventory",
      site: { siteUrl: "https://evil.example", business: { name: "Someone Else" } },
      remoteBase: "/",
      peers: { catalog: bait, leads: bait, service: bait },
    });
    try {
      for (const name of REMOTE_NAMES) {
        for (const url of [`http://127.0.0.1:${E2E_PORTS[name]}/render`, `${SITE_URL}/remotes/${name}/render`]) {
          const response = await fetch(url, {
            method: "POST",
            headers: {
              "content-type": "application/json",
              "x-fleet-signature": `t=${Date.now()},n=abcdefgh12,v1=${"0".repeat(64)}`,
            },
            body: request,
          });
          expect([401, 404, 405], `${url} answered ${response.status}`).toContain(response.status);
        }
      }
      expect(connections).toBe(0);
      // the host's own requests are signed: the page is composed on the server as before
      await page.route(/\.js$/, (route) => route.abort());
      await page.goto("/inventory");
      await expect(page.locator(".inventory-list li").first()).toBeVisible();
    } finally {
      listener.close();
    }
  });
});

test.describe("robust pages", () => {
  test("no page is wider than the screen, from 320 to 1440 px, and long values such as VINs wrap in place", async ({
    page,
  }) => {
    test.setTimeout(240_000);
    const paths = await everyRouteKind();
    for (const path of paths) {
      await page.setViewportSize({ width: 320, height: 900 });
      await page.goto(path);
      // each width by resizing the page loaded once: the layout follows the width as the page is, as a turned phone's does
      for (const width of [320, 390, 768, 1024, 1440]) {
        await page.setViewportSize({ width, height: 900 });
        const overflow = await page.evaluate(() => {
          const viewport = document.documentElement.clientWidth;
          const wider = document.documentElement.scrollWidth > viewport;
          // a value that runs out of its own box (over the next column) is as broken as a page that scrolls
          const spilling = [...document.querySelectorAll("dd, td, th, h1, h2, p, li, strong, a")]
            .filter((el) => (el as HTMLElement).offsetParent !== null && el.scrollWidth > el.clientWidth + 1)
            .filter((el) => getComputedStyle(el).overflowX === "visible" && getComputedStyle(el).display !== "inline")
            .map((el) => `${el.tagName.toLowerCase()} "${(el.textContent ?? "").slice(0, 30)}"`);
          return { wider: wider ? document.documentElement.scrollWidth : 0, spilling };
        });
        expect(overflow, `${path} at ${width} px`).toEqual({ wider: 0, spilling: [] });
      }
    }
  });

  test("a malformed fragment or address never blanks the site: the shell shows, with a way home", async ({
    page,
    pageErrors,
  }) => {
    for (const path of [
      "/#%",
      "/inventory#%E0%A4",
      "/%",
      "/inventory/vehicle/%E0%A4%A",
      "/line-up/gm/%ZZ",
      "/contact/more-info/%",
    ]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBeLessThan(500);
      await expect(page.getByRole("navigation", { name: "Main" }), path).toBeVisible();
      await expect(page.locator("h1").first(), path).toBeVisible();
      await expect(page.getByRole("link", { name: "Home" }).first(), path).toBeVisible();
    }
    // an unreadable stock number is no unit: the page says so, as for one that sold
    await page.goto("/inventory/vehicle/%E0%A4%A");
    await expect(page.getByText("This vehicle is no longer available")).toBeVisible();
    expect(pageErrors).toEqual([]);
  });
});
