import type { FastifyInstance, FastifyRequest } from "fastify";
import { ApiRefusal } from "../../staff-api.js";
import { asTyped, goneOr } from "./special-form.js";
import { SpecialEditPage } from "./specials-page.js";

/** The uploaded file's bytes and type; null when none was sent, or it is empty. */
async function uploadedImage(request: FastifyRequest): Promise<{ bytes: Buffer; type: string } | null> {
  const file = request.isMultipart() ? await request.file() : undefined;
  const bytes = file ? await file.toBuffer() : Buffer.alloc(0);
  if (!file || bytes.length === 0) return null;
  return { bytes, type: file.mimetype || "application/octet-stream" };
}

/** Why the API refused an image, in the form's words; an error that is no refusal of the image is thrown on. */
function imageRefusal(error: unknown): string {
  if (!(error instanceof ApiRefusal && [400, 413, 415].includes(error.status))) throw error;
  return error.status === 413 ? "This image is too large: choose one under 15 MB" : error.message;
}

/** A special's image: uploaded as a file (the API's photo pipeline checks and stores it), removed, and shown. */
export async function specialImages(app: FastifyInstance) {
  const onSpecials = { config: { grant: "specials" } } as const;
  const idOf = (params: unknown) => ({ id: (params as { id: string }).id });

  app.post("/specials/:id/image", onSpecials, async (request, reply) =>
    goneOr(reply, async () => {
      const params = idOf(request.params);
      const special = await request.api.special({ params });
      const refuse = (reason: string) =>
        reply.page(
          SpecialEditPage({ signedIn: request.staff, special, typed: asTyped(special), problems: { image: reason } }),
          400,
        );
      const image = await uploadedImage(request);
      if (!image) return refuse("Choose an image file (JPEG, PNG or WebP)");
      try {
        await request.api.specialImage({ params, ...image });
        return reply.redirect(`/specials/${encodeURIComponent(params.id)}?done=image`, 303);
      } catch (error) {
        return refuse(imageRefusal(error));
      }
    }),
  );

  app.post("/specials/:id/image/remove", onSpecials, async (request, reply) =>
    goneOr(reply, async () => {
      const params = idOf(request.params);
      await request.api.removeSpecialImage({ params });
      return reply.redirect(`/specials/${encodeURIComponent(params.id)}?done=image-removed`, 303);
    }),
  );

  /** A special's image, from the staff edge (the desk's pages never load anything from another origin). */
  app.get("/photos/:id/:file", onSpecials, async (request, reply) => {
    const { id, file } = request.params as { id: string; file: string };
    try {
      const photo = await request.api.photo({ params: { id, file } });
      return reply.type(photo.type).send(photo.bytes);
    } catch (error) {
      if (error instanceof ApiRefusal && error.status === 404) {
        return reply.code(404).type("text/plain").send("No such photo");
      }
      throw error;
    }
  });
}
