// @vitest-environment node
import Fastify from "fastify";
import { TEST_SITE } from "remote-kit/testing";
import { describe, expect, it } from "vitest";
import { BusinessDetailsSource, BusinessDetailsUnavailable } from "../src/server/business-details-source";

describe("the dealership's details while the API starts", () => {
  it("says once that it waits for an API that has not answered yet, then reports problems as problems", async () => {
    const api = Fastify();
    api.get("/api/business-details", async () => TEST_SITE.business);
    await api.listen({ port: 0, host: "127.0.0.1" });
    const { port } = api.server.address() as { port: number };
    await api.close();

    const told: string[] = [];
    const source = new BusinessDetailsSource({
      apiOrigin: `http://127.0.0.1:${port}`,
      maxAgeMs: 0,
      onProblem: (message) => told.push(`problem: ${message}`),
      onWaiting: () => told.push("waiting"),
    });
    for (let i = 0; i < 3; i++) await expect(source.current()).rejects.toBeInstanceOf(BusinessDetailsUnavailable);
    expect(told).toEqual(["waiting"]);

    // the API is up: the details come, and from then on an API that stops answering is a problem
    const started = Fastify();
    started.get("/api/business-details", async () => TEST_SITE.business);
    await started.listen({ port, host: "127.0.0.1" });
    expect((await source.current()).name).toBe(TEST_SITE.business.name);
    await started.close();
    expect((await source.current()).name).toBe(TEST_SITE.business.name);
    expect(told).toEqual(["waiting", "problem: business details: the last good ones stand in"]);
  });
});
