import { randomUUID } from "node:crypto";
import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from "@simplewebauthn/server";
import type { StaffMember } from "shared-types";
import type { Database } from "../db/database.js";
import type { StaffStore } from "./staff-store.js";

/** A ceremony's challenge is answered within this long, once. */
const CHALLENGE_MS = 5 * 60 * 1000;

/** The relying party: the desk's own origin (where staff sign in), and its host name as the passkeys' scope. */
export interface RelyingParty {
  name: string;
  origin: string;
  id: string;
}

export const relyingPartyOf = (deskUrl: string, name: string): RelyingParty => {
  const url = new URL(deskUrl);
  return { name, origin: url.origin, id: url.hostname };
};

/**
 * Passkeys for the staff desk (WebAuthn, @simplewebauthn/server): a signed-in member adds one for a device; anyone
 * may then sign in with one (a discoverable credential names its member). Challenges are stored, expire and are
 * used once; a credential's counter is kept and must grow where the authenticator counts.
 */
export class Passkeys {
  constructor(
    private readonly db: Database,
    private readonly store: StaffStore,
    private readonly party: RelyingParty,
    private readonly now: () => number = Date.now,
  ) {}

  private at(offsetMs = 0) {
    return new Date(this.now() + offsetMs).toISOString();
  }

  private async keep(challenge: string, purpose: "register" | "sign-in", staffId: string | null): Promise<string> {
    const id = randomUUID();
    await this.db.query(
      "insert into staff_challenges (id, staff_id, challenge, purpose, expires_at) values ($1, $2, $3, $4, $5)",
      [id, staffId, challenge, purpose, this.at(CHALLENGE_MS)],
    );
    return id;
  }

  /** Takes a challenge once: the stored one, while it is alive, or null. */
  private async take(id: string, purpose: "register" | "sign-in") {
    const [row] = await this.db.query<{ challenge: string; staff_id: string | null }>(
      "delete from staff_challenges where id = $1 and purpose = $2 and expires_at > $3 returning challenge, staff_id",
      [id, purpose, this.at()],
    );
    return row ?? null;
  }

  async registrationOptions(member: StaffMember) {
    const existing = await this.db.query<{ id: string; transports: string[] }>(
      "select id, transports from staff_passkeys where staff_id = $1",
      [member.id],
    );
    const options = await generateRegistrationOptions({
      rpName: this.party.name,
      rpID: this.party.id,
      userName: member.email,
      userID: new TextEncoder().encode(member.id),
      attestationType: "none",
      excludeCredentials: existing.map((key) => ({ id: key.id, transports: key.transports })),
      authenticatorSelection: { residentKey: "required", userVerification: "preferred" },
    });
    return { ceremony: await this.keep(options.challenge, "register", member.id), options };
  }

  /** Adds the passkey a device made; false when the answer does not hold. */
  async register(member: StaffMember, ceremony: string, response: RegistrationResponseJSON): Promise<boolean> {
    const challenge = await this.take(ceremony, "register");
    if (!challenge || challenge.staff_id !== member.id) return false;
    const verified = await verifyRegistrationResponse({
      response,
      expectedChallenge: challenge.challenge,
      expectedOrigin: this.party.origin,
      expectedRPID: this.party.id,
    }).catch(() => null);
    if (!verified?.verified) return false;
    const { credential } = verified.registrationInfo;
    await this.db.transaction(async (tx) => {
      await tx.query(
        "insert into staff_passkeys (id, staff_id, public_key, counter, transports) values ($1, $2, $3, $4, $5)",
        [
          credential.id,
          member.id,
          Buffer.from(credential.publicKey).toString("base64url"),
          credential.counter,
          JSON.stringify(credential.transports ?? []),
        ],
      );
      await this.store.audit(tx, member, "staff.passkey.add", `staff:${member.email}`, null, {
        passkey: credential.id.slice(0, 12),
      });
    });
    return true;
  }

  async signInOptions() {
    const options = await generateAuthenticationOptions({ rpID: this.party.id, userVerification: "preferred" });
    return { ceremony: await this.keep(options.challenge, "sign-in", null), options };
  }

  /** The member whose passkey answered the challenge, or null. */
  async signIn(ceremony: string, response: AuthenticationResponseJSON): Promise<StaffMember | null> {
    const challenge = await this.take(ceremony, "sign-in");
    if (!challenge) return null;
    const [key] = await this.db.query<{
      id: string;
      staff_id: string;
      public_key: string;
      counter: string;
      transports: string[];
    }>("select id, staff_id, public_key, counter::text, transports from staff_passkeys where id = $1", [response.id]);
    if (!key) return null;
    const verified = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge.challenge,
      expectedOrigin: this.party.origin,
      expectedRPID: this.party.id,
      credential: {
        id: key.id,
        publicKey: new Uint8Array(Buffer.from(key.public_key, "base64url")),
        counter: Number(key.counter),
        transports: key.transports,
      },
    }).catch(() => null);
    if (!verified?.verified) return null;
    await this.db.query("update staff_passkeys set counter = $2, last_used_at = $3 where id = $1", [
      key.id,
      verified.authenticationInfo.newCounter,
      this.at(),
    ]);
    return this.store.memberById(key.staff_id);
  }
}
