import type { FastifyRequest } from "fastify";

/**
 * What the log keeps of a request: its method, its path without the query (unsubscribe, release and sign-in links
 * carry tokens and addresses there), and who sent it.
 */
export function requestForLog(request: FastifyRequest) {
  return {
    method: request.method,
    url: request.url.split("?", 1)[0],
    remoteAddress: request.ip,
  };
}
