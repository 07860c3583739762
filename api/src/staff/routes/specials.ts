import { randomUUID } from "node:crypto";
import type { FastifyRequest } from "fastify";
import { ALLOWED_DEALERSHIP, type DeskSpecial, grantedDepartments } from "shared-types";
import { STAFF_API } from "shared-types/schemas";
import { sanitizeDealerHtml } from "../../content/sanitize-html.js";
import type { Queryable } from "../../db/database.js";
import { refuse, type StaffContext } from "../staff-context.js";

const COLUMNS = `id, department, rank, title, html, image, url, starts_on::text, ends_on::text, origin`;

/** A special by its id (locked for a change), and the same held to the member's departments (404, 403). */
export function specialsOf(refuseUnless: StaffContext["refuseUnless"]) {
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
  return { find, mine };
}

/** The last rank in a department's list (0 when it has none). */
async function lastRank(tx: Queryable, department: string): Promise<number> {
  const [row] = await tx.query<{ rank: number | null }>(
    "select max(rank) as rank from promotions where branch = $1 and department = $2",
    [ALLOWED_DEALERSHIP, department],
  );
  return Number(row?.rank ?? 0);
}

type Neighbour = { id: string; rank: number };

/** The special next to this one in its department's list, above or below it (locked for the trade). */
async function neighbourOf(tx: Queryable, special: DeskSpecial, up: boolean): Promise<Neighbour | undefined> {
  const [neighbour] = await tx.query<Neighbour>(
    `select id, rank from promotions where branch = $1 and department = $2 and id <> $3
       and (rank ${up ? "<" : ">"} $4 or (rank = $4 and id ${up ? "<" : ">"} $3))
     order by rank ${up ? "desc" : "asc"}, id ${up ? "desc" : "asc"} limit 1 for update`,
    [ALLOWED_DEALERSHIP, special.department, special.id, special.rank],
  );
  return neighbour;
}

/** The ranks the special and its neighbour take when they trade places. */
function tradedRanks(special: DeskSpecial, neighbour: Neighbour, up: boolean): [number, number] {
  // equal ranks (a feed may give two the same) are told apart first, so the trade always changes the order
  if (neighbour.rank !== special.rank) return [neighbour.rank, special.rank];
  return up ? [special.rank - 1, special.rank] : [special.rank + 1, special.rank];
}

/**
 * The desk's specials (/api/staff/specials): each role writes its departments' (shared-types ROLE_GRANTS), every
 * change audited with the change. A special made or edited here is the desk's: a promotions feed replaces only its
 * own. A change reaches the public pages through the database's change signal, which purges the specials pages.
 */
export function registerSpecialRoutes(context: StaffContext): void {
  const { route, db, member, refuseUnless } = context;
  const { mine } = specialsOf(refuseUnless);

  route(STAFF_API.specials, {}, async (request) => ({
    specials: await db.query<DeskSpecial>(
      `select ${COLUMNS} from promotions where branch = $1 and department = any($2::text[])
       order by department, rank, id`,
      [ALLOWED_DEALERSHIP, grantedDepartments(member(request).role, "specials")],
    ),
  }));

  route(STAFF_API.special, {}, async (request) => mine(db, request, request.params.id));

  /** The HTML as the public page will show it: the site's sanitiser, applied as it is when the page is served. */
  route(STAFF_API.previewSpecial, {}, async (request) => ({
    html: sanitizeDealerHtml(request.body.html),
  }));

  registerSpecialEdits(context);
  registerSpecialOrder(context);
}

/** Making a special and changing one. */
function registerSpecialEdits({ route, db, store, actor, refuseUnless }: StaffContext): void {
  const { find, mine } = specialsOf(refuseUnless);

  route(STAFF_API.createSpecial, {}, async (request, reply) => {
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

  route(STAFF_API.saveSpecial, {}, async (request) => {
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
}

/** A special's place in its department's list, and its removal. */
function registerSpecialOrder({ route, db, store, actor, refuseUnless }: StaffContext): void {
  const { mine } = specialsOf(refuseUnless);

  /** One place up or down its department's list: it trades places with its neighbour. */
  route(STAFF_API.moveSpecial, {}, async (request) =>
    db.transaction(async (tx) => {
      const special = await mine(tx, request, request.params.id, true);
      const up = request.body.direction === "up";
      const neighbour = await neighbourOf(tx, special, up);
      if (!neighbour) return { moved: false };
      const [a, b] = tradedRanks(special, neighbour, up);
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

  route(STAFF_API.removeSpecial, {}, async (request) => {
    await db.transaction(async (tx) => {
      const before = await mine(tx, request, request.params.id, true);
      await tx.query("delete from promotions where id = $1", [before.id]);
      await store.audit(tx, actor(request), "special.remove", `special:${before.id}`, before, null);
    });
    return { removed: true };
  });
}
