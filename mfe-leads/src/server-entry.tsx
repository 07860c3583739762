// Team leads' renderer: the same routes as the browser, rendered to HTML by its own server (remote-kit/server); its
// forms as fragments for other teams' pages (each one src/remote.ts declares); and its forms sent without scripts.

import { renderApiOrigin } from "remote-kit/api-client";
import { declaredModules } from "remote-kit/declaration";
import { createRemoteRenderer, type FragmentModule } from "remote-kit/render";
import { formStartResource } from "./api/resources";
import { ServerLeadClient } from "./api/server-capture";
import { LEADS_REMOTE } from "./remote";
import LeadsRoutes, { LEADS_ROUTES } from "./routes";
import { submitLeadForm } from "./server/submit-lead-form";

const leadClient = new ServerLeadClient(renderApiOrigin);

const fragments = declaredModules(
  LEADS_REMOTE,
  import.meta.glob<{ default: FragmentModule["component"] }>(["./forms/*-form.tsx", "./fragments/*.tsx"], {
    eager: true,
  }),
);
/** The enquiry forms (LeadForm) carry the fill-time guard's signed start; the count and the saved search do not. */
const signsFormStart = (name: string) =>
  LEADS_REMOTE.fragments[name as keyof typeof LEADS_REMOTE.fragments]?.source.startsWith("./src/forms/");

export default createRemoteRenderer({
  declaration: LEADS_REMOTE,
  routes: LEADS_ROUTES,
  App: LeadsRoutes,
  builtAt: import.meta.env.VITE_BUILT_AT,
  // a form in another team's page is rendered with the start the API signed for the page (the fill-time guard)
  fragments: Object.fromEntries(
    Object.entries(fragments).map(([name, module]) => [
      name,
      signsFormStart(name)
        ? {
            component: module.default,
            load: (_props, { preload }) => void preload(formStartResource).catch(() => undefined),
          }
        : { component: module.default },
    ]),
  ),
  submitForm: (post) => submitLeadForm(post, leadClient),
});
