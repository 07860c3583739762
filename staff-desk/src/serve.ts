import { stopOnSignals } from "server-kit";
import { buildDesk } from "./app.js";
import { readDeskEnvironment } from "./environment.js";

const env = readDeskEnvironment();
const desk = await buildDesk(env);
if (!env.STAFF_DESK_KEY) {
  console.warn(
    "staff desk: no STAFF_DESK_KEY, so the API counts every visitor's failed sign-ins as the desk's own: set the same key on both",
  );
}
await desk.listen({ port: env.STAFF_PORT, host: env.STAFF_HOST });
console.log(
  `staff desk serving http://localhost:${env.STAFF_PORT} (the API's staff listener: ${env.API_STAFF_ORIGIN})`,
);
// SIGTERM: stop taking connections, finish the pages in flight, exit; at most 10 s (server-kit)
stopOnSignals(() => desk.close());
