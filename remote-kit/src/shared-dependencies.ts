/**
 * What the host provides to every remote at run time, one copy each (a remote's own copy is never downloaded).
 * Build tools read this object; it holds no code. The trailing-slash keys share subpath imports such as
 * react/jsx-runtime and react-dom/client. Contracts and rules (shared-types) are not here: each remote bundles the
 * copy it was built and tested with.
 */
export const SHARED_DEPENDENCIES = {
  react: { singleton: true, requiredVersion: "^19.0.0" },
  "react/": { singleton: true, requiredVersion: "^19.0.0" },
  "react-dom": { singleton: true, requiredVersion: "^19.0.0" },
  "react-dom/": { singleton: true, requiredVersion: "^19.0.0" },
  "react-router-dom": { singleton: true, requiredVersion: "^7.0.0" },
  zustand: { singleton: true, requiredVersion: "^5.0.0" },
} as const;

/** Every remote exposes its route table as "./routes". */
export const REMOTE_ROUTES_MODULE = "./routes";
