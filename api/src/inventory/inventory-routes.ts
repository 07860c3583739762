import type { FastifyInstance } from "fastify";
import { SIMILAR_VEHICLES_COUNT } from "shared-types";
import { inventoryQueryParamsSchema, searchTextSchema } from "shared-types/schemas";
import { z } from "zod";
import type { Database } from "../db/database.js";
import { notFound, stockNumberParamSchema, withSchemas } from "../http-errors.js";
import { InventoryIndex } from "./index/inventory-index.js";
import { findSimilarVehicles, findVehicleByStockNumber, findVehicles } from "./inventory-repository.js";

const searchParamsSchema = z.object({ text: searchTextSchema });

export function registerInventoryRoutes(
  fastify: FastifyInstance,
  db: Database,
  index = new InventoryIndex(db),
): InventoryIndex {
  const app = withSchemas(fastify);
  app.get("/inventory/all/", { schema: { querystring: inventoryQueryParamsSchema } }, async (request) =>
    findVehicles(db, index, request.query, request.query.search),
  );

  app.get(
    "/inventory/search/:text",
    { schema: { params: searchParamsSchema, querystring: inventoryQueryParamsSchema } },
    async (request) => findVehicles(db, index, request.query, request.params.text),
  );

  app.get("/inventory/stocknumber/:id", { schema: { params: stockNumberParamSchema } }, async (request) => {
    const { id } = request.params;
    const vehicle = await findVehicleByStockNumber(db, index, id);
    if (!vehicle) throw notFound(`No vehicle with stock number ${id}`);
    return vehicle;
  });

  app.get("/inventory/similar/:id", { schema: { params: stockNumberParamSchema } }, async (request) => {
    const { id } = request.params;
    const similar = await findSimilarVehicles(db, index, id, SIMILAR_VEHICLES_COUNT);
    if (!similar) throw notFound(`No vehicle with stock number ${id}`);
    return similar;
  });

  // Sitemaps hold at most 50,000 addresses; a dealership's lot is far below that, and the cap keeps the answer bounded.
  app.get("/inventory/sitemap", async () => {
    const rows = await db.query<{ stock_number: string; updated_at: Date | string }>(
      "select stock_number, updated_at from vehicles where status <> 'sold' and not hidden order by stock_number limit 45000",
    );
    return rows.map((r) => ({ stock_number: r.stock_number, updated_at: new Date(r.updated_at).toISOString() }));
  });

  app.get("/inventory/properties", async () => (await index.fresh()).properties());

  app.get("/inventory/model-counts", async () => (await index.fresh()).modelCounts());

  app.get("/inventory/work-truck-searches", async () => (await index.fresh()).workTruckSearchCounts());
  return index;
}
