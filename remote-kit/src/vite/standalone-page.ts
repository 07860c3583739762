import type { Plugin } from "vite";
import type { RemoteDeclaration } from "../declaration.js";

/** The module each remote's src/standalone.tsx is: its routes outside the host (remote-kit/standalone). */
export const STANDALONE_ENTRY = "/src/standalone.tsx";

/**
 * Under `npm run dev`: every page address the remote's own server leaves to Vite gets the remote's standalone page,
 * written here from its declaration, so no remote keeps an index.html of its own. It runs after Vite's own
 * middlewares have looked for a file (a module, an asset), as a single-page app's fallback would.
 */
export function standalonePagePlugin(declaration: RemoteDeclaration): Plugin {
  const html = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <title>mfe-${declaration.name} (standalone)</title>
  </head>
  <body>
    <div id="root"></div>
    <script type="module" src="${STANDALONE_ENTRY}"></script>
  </body>
</html>
`;
  return {
    name: "remote-kit:standalone-page",
    apply: "serve",
    configureServer(server) {
      return () => {
        server.middlewares.use(async (request, response, next) => {
          const isPage = request.method === "GET" || request.method === "HEAD";
          if (!isPage || !request.headers.accept?.includes("text/html")) return next();
          try {
            const page = await server.transformIndexHtml(request.originalUrl ?? request.url ?? "/", html);
            response.setHeader("Content-Type", "text/html; charset=utf-8");
            response.setHeader("Cache-Control", "no-cache");
            response.end(request.method === "HEAD" ? undefined : page);
          } catch (error) {
            next(error);
          }
        });
      };
    },
  };
}
