// The host's server: composes each page from its shell and the owning remote's server HTML.
export { createHostServer, startHostServer } from "./host-server";
