import { randomUUID } from "node:crypto";
import type { FastifyRequest } from "fastify";
import { ALLOWED_DEALERSHIP, type DeskSpecial, grantedDepartments, PHOTO_MIME_TYPES, photoUrl } from "shared-types";
import { STAFF_API } from "shared-types/schemas";
import { sanitizeDealerHtml } from "../../content/sanitize-html.js";
import type { Queryable } from "../../db/database.js";
import { photoParamsSchema } from "../../media/media-routes.js";
import { refuse, type StaffContext } from "../staff-context.js";

/** A special's image on the public page: the stored photo at the width a specials page shows it. */
const SPECIAL_IMAGE_WIDTH = 1280;
/** The largest image staff may upload (a phone's photo is a few megabytes). */
export const SPECIAL_IMAGE_MAX_BYTES = 15 * 1024 * 1024;

const COLUMNS = `id, department, rank, title, html, image, url, starts_on::text, ends_on::text, origin`;

/**
 * The desk's specials (/api/staff/specials): each role writes its departments' (shared-types ROLE_GRANTS), every
 * change audited with the change. A special made or edited here is the desk's: a promotions feed replaces only its
 * own. A change reaches the public pages through the database's change signal, which purges the specials pages.
 */
export function registerSpecialRoutes({ route, db, store, options, member, actor, refuseUnless }: StaffContext): void {
  const photos = options.photos;
  const find = async (tx: Queryable, id: string, lock = false): Promise<DeskSpecial | null> => {
    const [special] = await tx.query<DeskSpecial>(
      `select ${COLUMNS} from promotions where id = $1 and branch = $2${lock ? " for update" : ""}`,
      [id, ALLOWED_DEALERSHIP],
    );
    return special ?? null;
  };
  /** The special, when the member's role includes its department. */
  const mine = async (tx: Queryable, request: FastifyRequest, id: string, lock = false) => {
    const special = await find(tx, id, lock);
    if (!special) throw refuse(404, "No such special: it may have been removed");
    refuseUnless(request, "specials", special.department, `${special.department} specials`);
    return special;
  };
  const lastRank = async (tx: Queryable, department: string) => {
    const [row] = await tx.query<{ rank: number | null }>(
      "select max(rank) as rank from promotions where branch = $1 and department = $2",
      [ALLOWED_DEALERSHIP, department],
    );
    return Number(row?.rank ?? 0);
  };

  route(STAFF_API.specials, { grant: "specials" }, async (request) => ({
    specials: await db.query<DeskSpecial>(
      `select ${COLUMNS} from promotions where branch = $1 and department = any($2::text[])
       order by department, rank, id`,
      [ALLOWED_DEALERSHIP, grantedDepartments(member(request).role, "specials")],
    ),
  }));

  route(STAFF_API.special, { grant: "specials" }, async (request) => mine(db, request, request.params.id));

  /** The HTML as the public page will show it: the site's sanitiser, applied as it is when the page is served. */
  route(STAFF_API.previewSpecial, { grant: "specials" }, async (request) => ({
    html: sanitizeDealerHtml(request.body.html),
  }));

  route(STAFF_API.createSpecial, { grant: "specials" }, async (request, reply) => {
    const input = request.body;
    refuseUnless(request, "specials", input.department, `${input.department} specials`);
    const special = await db.transaction(async (tx) => {
      const id = `${ALLOWED_DEALERSHIP}-desk-${randomUUID()}`;
      await tx.query(
        `insert into promotions (id, branch, department, rank, title, html, url, starts_on, ends_on, origin)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'desk')`,
        [
          id,
          ALLOWED_DEALERSHIP,
          input.department,
          (await lastRank(tx, input.department)) + 1,
          input.title,
          input.html,
          input.url,
          input.starts_on,
          input.ends_on,
        ],
      );
      const created = await find(tx, id);
      await store.audit(tx, actor(request), "special.create", `special:${id}`, null, created);
      return created;
    });
    return reply.code(201).send(special);
  });

  route(STAFF_API.saveSpecial, { grant: "specials" }, async (request) => {
    const input = request.body;
    refuseUnless(request, "specials", input.department, `${input.department} specials`);
    return db.transaction(async (tx) => {
      const before = await mine(tx, request, request.params.id, true);
      // moved to another department: it goes to the end of that department's list
      const rank = before.department === input.department ? before.rank : (await lastRank(tx, input.department)) + 1;
      await tx.query(
        `update promotions set department = $2, rank = $3, title = $4, html = $5, url = $6, starts_on = $7,
           ends_on = $8, origin = 'desk'
         where id = $1`,
        [before.id, input.department, rank, input.title, input.html, input.url, input.starts_on, input.ends_on],
      );
      const after = (await find(tx, before.id)) as DeskSpecial;
      await store.audit(tx, actor(request), "special.update", `special:${before.id}`, before, after);
      return after;
    });
  });

  /** One place up or down its department's list: it trades places with its neighbour. */
  route(STAFF_API.moveSpecial, { grant: "specials" }, async (request) =>
    db.transaction(async (tx) => {
      const special = await mine(tx, request, request.params.id, true);
      const up = request.body.direction === "up";
      const [neighbour] = await tx.query<{ id: string; rank: number }>(
        `select id, rank from promotions where branch = $1 and department = $2 and id <> $3
           and (rank ${up ? "<" : ">"} $4 or (rank = $4 and id ${up ? "<" : ">"} $3))
         order by rank ${up ? "desc" : "asc"}, id ${up ? "desc" : "asc"} limit 1 for update`,
        [ALLOWED_DEALERSHIP, special.department, special.id, special.rank],
      );
      if (!neighbour) return { moved: false };
      // equal ranks (a feed may give two the same) are told apart first, so the trade always changes the order
      const [a, b] =
        neighbour.rank === special.rank
          ? up
            ? [special.rank - 1, special.rank]
            : [special.rank + 1, special.rank]
          : [neighbour.rank, special.rank];
      await tx.query("update promotions set rank = $2 where id = $1", [special.id, a]);
      await tx.query("update promotions set rank = $2 where id = $1", [neighbour.id, b]);
      await store.audit(
        tx,
        actor(request),
        `special.move.${request.body.direction}`,
        `special:${special.id}`,
        { rank: special.rank, neighbour: neighbour.id, neighbour_rank: neighbour.rank },
        { rank: a, neighbour: neighbour.id, neighbour_rank: b },
      );
      return { moved: true };
    }),
  );

  route(STAFF_API.removeSpecial, { grant: "specials" }, async (request) => {
    await db.transaction(async (tx) => {
      const before = await mine(tx, request, request.params.id, true);
      await tx.query("delete from promotions where id = $1", [before.id]);
      await store.audit(tx, actor(request), "special.remove", `special:${before.id}`, before, null);
    });
    return { removed: true };
  });

  /** A special's image as the desk shows it (the desk is served on the staff edge, which has no public routes). */
  route(STAFF_API.photo, { grant: "specials" }, async (request, reply) => {
    const parsed = photoParamsSchema.safeParse(request.params);
    if (!parsed.success) throw refuse(404, "No such photo");
    const { id, file } = parsed.data;
    const bytes = photos ? await photos.variant(id, file.width, file.format) : null;
    if (!bytes) throw refuse(404, `No photo ${id} at ${file.width} px`);
    return reply.header("content-type", PHOTO_MIME_TYPES[file.format]).send(bytes);
  });

  /** The special's image, uploaded as its bytes: checked, turned upright and stored by the feed's photo pipeline. */
  route(STAFF_API.specialImage, { grant: "specials", bodyLimit: SPECIAL_IMAGE_MAX_BYTES }, async (request) => {
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

  route(STAFF_API.removeSpecialImage, { grant: "specials" }, async (request) =>
    db.transaction(async (tx) => {
      const before = await mine(tx, request, request.params.id, true);
      await tx.query("update promotions set image = '', origin = 'desk' where id = $1", [before.id]);
      const after = (await find(tx, before.id)) as DeskSpecial;
      await store.audit(tx, actor(request), "special.image.remove", `special:${before.id}`, before, after);
      return after;
    }),
  );
}
