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

const forms = declaredModules(
  LEADS_REMOTE,
  import.meta.glob<{ default: FragmentModule["component"] }>(
    ["./forms/*-form.tsx", "./islands/fleet-quote-count.tsx", "./islands/saved-search-form.tsx"],
    {
      eager: true,
    },
  ),
);

export default createRemoteRenderer({
  declaration: LEADS_REMOTE,
  routes: LEADS_ROUTES,
  App: LeadsRoutes,
  builtAt: import.meta.env.VITE_BUILT_AT,
  // a form in another team's page is rendered with the start the API signed for the page (the fill-time guard)
  fragments: Object.fromEntries(
    Object.entries(forms).map(([name, module]) => [
      name,
      {
        component: module.default,
        load: (_props, { preload }) => void preload(formStartResource).catch(() => undefined),
      },
    ]),
  ),
  submitForm: (post) => submitLeadForm(post, leadClient),
});
