import { Layout, Notice } from "../../ui/layout.js";

/** Sign-in by a one-time link by email: works on any device, with scripts or without. */
export function SignInPage({ sent, refused, email = "" }: { sent?: boolean; refused?: string; email?: string }) {
  return (
    <Layout title="Sign in" scripts>
      {sent ? (
        <Notice kind="done">
          If that address belongs to a member of staff, a sign-in link is on its way. It works once, for 15 minutes.
        </Notice>
      ) : null}
      {refused ? <Notice kind="refused">{refused}</Notice> : null}
      <form method="post" action="/sign-in" className="desk-form">
        <label htmlFor="desk-email">Your work email</label>
        <input id="desk-email" name="email" type="email" autoComplete="email" required defaultValue={email} />
        <button type="submit">Email me a sign-in link</button>
      </form>
      <p id="desk-passkey-message" className="desk-notice desk-notice--refused" role="alert" hidden />
      <p>
        <button type="button" id="desk-passkey-sign-in" hidden>
          Sign in with a passkey
        </button>
      </p>
    </Layout>
  );
}

/**
 * What a sign-in link opens: a button, not a sign-in (mail scanners open links; a link is used once, by the
 * member's own click).
 */
export function LinkPage({ token }: { token: string }) {
  return (
    <Layout title="Sign in to the staff desk">
      <form method="post" action="/sign-in/link" className="desk-form">
        <input type="hidden" name="token" value={token} />
        <button type="submit">Sign in</button>
      </form>
    </Layout>
  );
}
