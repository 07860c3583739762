/**
 * What the host provides to every remote at run time, one copy each (a remote's own copy is never downloaded).
 * Build tools read this object; it holds no code. The trailing-slash keys share subpath imports such as
 * react/jsx-runtime and react-dom/client. Contracts and rules (shared-types) are not here: each remote bundles the
 * copy it was built and tested with. Each is a real semantic version range, strict: a host whose copy does not satisfy
 * it fails that remote's load loudly (its region shows as unavailable) instead of lending it an incompatible one.
 */
export const SHARED_DEPENDENCIES = {
  react: { singleton: true, strictVersion: true, requiredVersion: "^19.0.0" },
  "react/": { singleton: true, strictVersion: true, requiredVersion: "^19.0.0" },
  "react-dom": { singleton: true, strictVersion: true, requiredVersion: "^19.0.0" },
  "react-dom/": { singleton: true, strictVersion: true, requiredVersion: "^19.0.0" },
  "react-router-dom": { singleton: true, strictVersion: true, requiredVersion: "^7.0.0" },
  zustand: { singleton: true, strictVersion: true, requiredVersion: "^5.0.0" },
} as const;
