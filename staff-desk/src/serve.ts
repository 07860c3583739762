import { buildDesk } from "./desk-server.js";
import { readDeskEnvironment } from "./environment.js";

const env = readDeskEnvironment();
const desk = await buildDesk({ apiOrigin: env.API_STAFF_ORIGIN, logLevel: env.LOG_LEVEL, trustProxy: env.TRUST_PROXY });
await desk.listen({ port: env.STAFF_PORT, host: env.STAFF_HOST });
console.log(
  `staff desk serving http://localhost:${env.STAFF_PORT} (the API's staff listener: ${env.API_STAFF_ORIGIN})`,
);
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    void desk.close().then(() => process.exit(0));
  });
}
