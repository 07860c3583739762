import type { FastifyInstance } from "fastify";
import { PHOTO_MIME_TYPES, type PhotoFormat } from "shared-types";
import { z } from "zod";
import type { PhotoStore } from "../feeds/photos.js";
import { notFound, withSchemas } from "../http-errors.js";
import { bannerSvg, trailerIllustrationSvg, VEHICLE_SHAPES, vehicleIllustrationSvg } from "./vehicle-illustration.js";

const vehicleImageParamsSchema = z.object({
  shape: z.enum(VEHICLE_SHAPES as [string, ...string[]]),
  hex: z.string().regex(/^[0-9a-f]{6}$/i),
  view: z.coerce.number().int().min(1).max(20),
  size: z
    .string()
    .regex(/^r\d{2,4}$/)
    .transform((s) => Math.min(1920, Number(s.slice(1)))),
});

const trailerPhotoParamsSchema = z
  .object({
    stock: z.string().regex(/^[A-Z0-9-]{1,32}$/i),
    file: z.string().regex(/^\d{1,2}\.jpg$/),
  })
  .transform(({ stock, file }) => ({ stock, view: Number(file.replace(".jpg", "")) }));

export const photoParamsSchema = z.object({
  id: z.string().regex(/^[0-9a-f]{32}$/, "a photo id"),
  file: z
    .string()
    .regex(/^\d{2,4}\.(avif|webp|jpeg)$/, "a width and a format: 640.avif")
    .transform((file) => {
      const [width, format] = file.split(".");
      return { width: Number(width), format: format as PhotoFormat };
    }),
});

export function registerMediaRoutes(fastify: FastifyInstance, photos: PhotoStore | null): void {
  const app = withSchemas(fastify);

  // The feed's photographs: each size and format made on first request (photos.ts), then a file; the address
  // names the content, so it never changes and may be kept for a year.
  app.get("/media/photos/:id/:file", { schema: { params: photoParamsSchema } }, async (request, reply) => {
    const { id, file } = request.params;
    const bytes = photos ? await photos.variant(id, file.width, file.format) : null;
    if (!bytes) throw notFound(`No photo ${id} at ${file.width} px`);
    return reply
      .header("content-type", PHOTO_MIME_TYPES[file.format])
      .header("cache-control", "public, max-age=31536000, immutable")
      .send(bytes);
  });
  const sendSvg = (reply: import("fastify").FastifyReply, svg: string) =>
    reply.header("content-type", "image/svg+xml").header("cache-control", "public, max-age=86400, immutable").send(svg);

  app.get(
    "/media/vehicles/:shape/:hex/:view/:size",
    { schema: { params: vehicleImageParamsSchema } },
    async (request, reply) => {
      const p = request.params;
      return sendSvg(reply, vehicleIllustrationSvg(p.shape as never, p.hex, p.view, p.size));
    },
  );

  // The media bucket's trailer-photos/{stock_number}/{n}.jpg (SPEC §7), drawn: ?type= (the trailer's asset_type)
  // picks the body; without it the stock number picks one, so every URL of the bucket's shape has an image.
  app.get(
    "/media/trailer-photos/:stock/:file",
    { schema: { params: trailerPhotoParamsSchema } },
    async (request, reply) => {
      const p = request.params;
      const kinds = ["enclosed", "flat", "wedge"] as const;
      const byType: Record<string, (typeof kinds)[number]> = {
        Enclosed: "enclosed",
        "Flat Deck": "flat",
        Wedge: "wedge",
      };
      const type = (request.query as { type?: unknown }).type;
      // own keys only: ?type=constructor must not find Object's
      const kind =
        (typeof type === "string" && Object.hasOwn(byType, type) ? byType[type] : undefined) ??
        kinds[[...p.stock].reduce((sum, c) => sum + c.charCodeAt(0), 0) % kinds.length] ??
        "enclosed";
      return sendSvg(reply, trailerIllustrationSvg(kind, p.view));
    },
  );

  app.get("/media/banners/:id", async (request, reply) => {
    const { id } = request.params as { id: string };
    const svg = bannerSvg(id);
    if (!svg) throw notFound(`No banner ${id}`);
    return sendSvg(reply, svg);
  });
}
