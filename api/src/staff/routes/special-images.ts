import { type DeskSpecial, PHOTO_MIME_TYPES, photoUrl } from "shared-types";
import { STAFF_API } from "shared-types/schemas";
import { photoParamsSchema } from "../../media/media-routes.js";
import { refuse, type StaffContext } from "../staff-context.js";
import { specialsOf } from "./specials.js";

/** A special's image on the public page: the stored photo at the width a specials page shows it. */
const SPECIAL_IMAGE_WIDTH = 1280;
/** The largest image staff may upload (a phone's photo is a few megabytes). */
export const SPECIAL_IMAGE_MAX_BYTES = 15 * 1024 * 1024;

/** A special's image: uploaded through the feed's photo pipeline, removed, and shown to the desk. */
export function registerSpecialImageRoutes({ route, db, store, options, actor, refuseUnless }: StaffContext): void {
  const photos = options.photos;
  const { find, mine } = specialsOf(refuseUnless);

  /** A special's image as the desk shows it (the desk is served on the staff edge, which has no public routes). */
  route(STAFF_API.photo, {}, async (request, reply) => {
    const parsed = photoParamsSchema.safeParse(request.params);
    if (!parsed.success) throw refuse(404, "No such photo");
    const { id, file } = parsed.data;
    const bytes = photos ? await photos.variant(id, file.width, file.format) : null;
    if (!bytes) throw refuse(404, `No photo ${id} at ${file.width} px`);
    return reply.header("content-type", PHOTO_MIME_TYPES[file.format]).send(bytes);
  });

  /** The special's image, uploaded as its bytes: checked, turned upright and stored by the feed's photo pipeline. */
  route(STAFF_API.specialImage, { bodyLimit: SPECIAL_IMAGE_MAX_BYTES }, async (request) => {
    if (!photos) throw refuse(404, "Photos are not kept by this API");
    const bytes = request.body;
    if (!Buffer.isBuffer(bytes) || bytes.length === 0) throw refuse(400, "Choose an image file (JPEG, PNG or WebP)");
    const special = await mine(db, request, request.params.id);
    const stored = await photos.addBytes(bytes, `special:${special.id}`);
    if ("reason" in stored) throw refuse(400, `This image cannot be used: ${stored.reason}`);
    return db.transaction(async (tx) => {
      const before = await mine(tx, request, special.id, true);
      await tx.query("update promotions set image = $2, origin = 'desk' where id = $1", [
        special.id,
        photoUrl(stored.id, SPECIAL_IMAGE_WIDTH, "jpeg"),
      ]);
      const after = (await find(tx, special.id)) as DeskSpecial;
      await store.audit(tx, actor(request), "special.image", `special:${special.id}`, before, after);
      return after;
    });
  });

  route(STAFF_API.removeSpecialImage, {}, async (request) =>
    db.transaction(async (tx) => {
      const before = await mine(tx, request, request.params.id, true);
      await tx.query("update promotions set image = '', origin = 'desk' where id = $1", [before.id]);
      const after = (await find(tx, before.id)) as DeskSpecial;
      await store.audit(tx, actor(request), "special.image.remove", `special:${before.id}`, before, after);
      return after;
    }),
  );
}
