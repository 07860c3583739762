import { parseCookie, stringifySetCookie } from "cookie";
import type { FastifyReply, FastifyRequest } from "fastify";
import { type RemoteCookie, remoteCookiePrefix } from "remote-kit/protocol";

/**
 * The visitor's cookies, as sent (the composer passes each remote only its own: cookiesOf). Each parsed is a
 * string: the parser's type allows a missing one only for names it was not sent.
 */
export const visitorCookies = (request: FastifyRequest): Record<string, string> =>
  ({ ...parseCookie(request.headers.cookie ?? "") }) as Record<string, string>;

/**
 * Sets the cookies a remote's form outcome asks for, only those named with its own prefix: first-party, HttpOnly
 * (no script reads them), SameSite=Lax (no other site's form sends them), Secure when the site is served over TLS.
 */
export function setRemoteCookies(
  reply: FastifyReply,
  remote: string,
  cookies: readonly RemoteCookie[] | undefined,
  secure: boolean,
): void {
  const prefix = remoteCookiePrefix(remote);
  for (const cookie of cookies ?? []) {
    if (!cookie.name.startsWith(prefix)) {
      reply.log.warn({ remote, cookie: cookie.name }, "a remote asked for a cookie outside its own names");
      continue;
    }
    reply.header(
      "set-cookie",
      stringifySetCookie({
        name: cookie.name,
        value: cookie.value,
        maxAge: cookie.maxAgeS,
        path: "/",
        httpOnly: true,
        sameSite: "lax",
        secure,
      }),
    );
  }
}
