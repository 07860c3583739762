import type { FastifyInstance } from "fastify";
import { SIMILAR_VEHICLES_COUNT } from "shared-types";
import { inventoryQueryParamsSchema, searchTextSchema } from "shared-types/schemas";
import { z } from "zod";
import type { Database } from "../db/database.js";
import { notFound, parseOrBadRequest, stockNumberParamSchema } from "../http-errors.js";
import { InventoryIndex } from "./index/inventory-index.js";
import { findSimilarVehicles, findVehicleByStockNumber, findVehicles } from "./inventory-repository.js";

const searchParamsSchema = z.object({ text: searchTextSchema });

export function registerInventoryRoutes(app: FastifyInstance, db: Database): InventoryIndex {
  const index = new InventoryIndex(db);
  app.get("/inventory/all/", async (request) => {
    const query = parseOrBadRequest(inventoryQueryParamsSchema, request.query, "inventory query");
    return findVehicles(db, index, query);
  });

  app.get("/inventory/search/:text", async (request) => {
    const { text } = parseOrBadRequest(searchParamsSchema, request.params, "search text");
    const query = parseOrBadRequest(inventoryQueryParamsSchema, request.query, "inventory query");
    return findVehicles(db, index, query, text);
  });

  app.get("/inventory/stocknumber/:id", async (request) => {
    const { id } = parseOrBadRequest(stockNumberParamSchema, request.params, "stock number");
    const vehicle = await findVehicleByStockNumber(db, id);
    if (!vehicle) throw notFound(`No vehicle with stock number ${id}`);
    return vehicle;
  });

  app.get("/inventory/similar/:id", async (request) => {
    const { id } = parseOrBadRequest(stockNumberParamSchema, request.params, "stock number");
    const similar = await findSimilarVehicles(db, index, id, SIMILAR_VEHICLES_COUNT);
    if (!similar) throw notFound(`No vehicle with stock number ${id}`);
    return similar;
  });

  // Sitemaps hold at most 50,000 addresses; a dealership's lot is far below that, and the cap keeps the answer bounded.
  app.get("/inventory/sitemap", async () => {
    const rows = await db.query<{ stock_number: string; updated_at: Date | string }>(
      "select stock_number, updated_at from vehicles where status = 'available' order by stock_number limit 45000",
    );
    return rows.map((r) => ({ stock_number: r.stock_number, updated_at: new Date(r.updated_at).toISOString() }));
  });

  app.get("/inventory/properties", async () => (await index.fresh()).properties());

  app.get("/inventory/model-counts", async () => (await index.fresh()).modelCounts());

  app.get("/inventory/work-truck-searches", async () => (await index.fresh()).workTruckSearchCounts());
  return index;
}
