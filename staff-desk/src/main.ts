// The staff desk's server. React's production build renders its pages (the development build checks every
// element as it is made): set before the desk, and React with it, is loaded.
process.env.NODE_ENV ??= "production";
await import("./serve.js");
