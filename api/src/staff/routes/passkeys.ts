import { STAFF_API } from "shared-types/schemas";
import { isoTime } from "../../db/iso-time.js";
import { refuse, type StaffContext } from "../staff-context.js";

/** A member's passkeys: how many, and a new one for this device (the ceremony's two steps). */
export function registerPasskeyRoutes({ route, db, passkeys, member }: StaffContext) {
  route(STAFF_API.passkeys, {}, async (request) => ({
    passkeys: await db.query<{ created_at: string; last_used_at: string | null }>(
      `select ${isoTime("created_at")} as created_at, ${isoTime("last_used_at")} as last_used_at
       from staff_passkeys where staff_id = $1 order by created_at`,
      [member(request).id],
    ),
  }));

  route(STAFF_API.passkeyOptions, {}, async (request) => passkeys.registrationOptions(member(request)));

  route(STAFF_API.addPasskey, {}, async (request, reply) => {
    const { ceremony, response } = request.body;
    if (!(await passkeys.register(member(request), ceremony, response as never))) {
      throw refuse(400, "This passkey could not be added: try again");
    }
    return reply.code(201).send({ added: true });
  });
}
