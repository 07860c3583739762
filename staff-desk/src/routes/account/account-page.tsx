import type { SignedIn } from "../../signed-in.js";
import { Layout, Notice, ROLE_NAMES } from "../../ui/layout.js";

/** A member's own page: their role, and their passkeys (adding one needs the page's script: WebAuthn is one). */
export function AccountPage({ signedIn, passkeys, added }: { signedIn: SignedIn; passkeys: number; added?: boolean }) {
  return (
    <Layout title="Your account" signedIn={signedIn} scripts>
      {added ? <Notice kind="done">Passkey added: next time, sign in with it on this device.</Notice> : null}
      <p>
        {signedIn.member.email}, {ROLE_NAMES[signedIn.member.role]}.
      </p>
      <h2 className="desk-subheading">Passkeys</h2>
      <p>
        {passkeys === 0
          ? "No passkey yet: you sign in with a link by email."
          : `${passkeys} passkey${passkeys === 1 ? "" : "s"} on your account.`}{" "}
        A passkey signs you in with this device's lock (fingerprint, face or PIN), without waiting for an email.
      </p>
      <p id="desk-passkey-message" className="desk-notice desk-notice--refused" role="alert" hidden />
      <button type="button" id="desk-passkey-add" hidden>
        Add a passkey for this device
      </button>
      <noscript>
        <p>Adding a passkey needs this page's script: turn scripts on for the staff desk to add one.</p>
      </noscript>
    </Layout>
  );
}
