// Team service's renderer: the same routes as the browser, rendered to HTML by its own server (remote-kit/server).
import { FORM_FIELD } from "remote-kit/protocol";
import { createRemoteRenderer } from "remote-kit/render";
import { SERVICE_REMOTE } from "./remote";
import ServiceRoutes, { SERVICE_ROUTES } from "./routes";
import { submitBookingForm } from "./server/submit-booking-form";

export default createRemoteRenderer({
  declaration: SERVICE_REMOTE,
  routes: SERVICE_ROUTES,
  App: ServiceRoutes,
  builtAt: import.meta.env.VITE_BUILT_AT,
  // team service's booking forms sent without scripts (book, move, cancel)
  submitForm: (post) => submitBookingForm(post, post.fields[FORM_FIELD] ?? ""),
});
