import { Link, usePageHead, useSite, useSubmittedForm } from "remote-kit";
import { FORM_FIELD } from "remote-kit/protocol";
import { useSearchParams } from "remote-kit/router";
import { paths, SAVED_SEARCH, SAVED_SEARCH_ACTIONS, type SavedSearchAction } from "shared-types";
import { SAVED_SEARCH_FORMS } from "../saved-search/saved-search-forms";

const BUTTONS: Record<SavedSearchAction, { heading: string; text: string; button: string }> = {
  confirm: {
    heading: "Confirm your saved search",
    text: "Press the button to start emails about new matches for your search. Nothing is sent until you do.",
    button: "Confirm my saved search",
  },
  unsubscribe: {
    heading: "Unsubscribe from this saved search",
    text: "Press the button and we will send no more emails about this search.",
    button: "Unsubscribe",
  },
  renew: {
    heading: "Keep your saved search",
    text: `Press the button to keep getting emails about this search for ${SAVED_SEARCH.lapseMonths} more months.`,
    button: `Keep it for ${SAVED_SEARCH.lapseMonths} more months`,
  },
};

const DONE: Record<string, { heading: string; text: string }> = {
  sent: {
    heading: "Check your email",
    text: "We sent you a link to confirm your saved search. Nothing more is sent until you open it and confirm.",
  },
  active: {
    heading: "Your saved search is on",
    text: `We will email you when a new unit matches or a matching unit's price drops, at most once a day, for ${SAVED_SEARCH.lapseMonths} months. Every email has a link to keep it longer and a one-click unsubscribe.`,
  },
  unsubscribed: {
    heading: "You are unsubscribed",
    text: "We will send no more emails about this saved search.",
  },
  lapsed: {
    heading: "This saved search has ended",
    text: "It was not renewed within six months. Save the search again from our inventory to hear about new matches.",
  },
};

/**
 * A saved search's page (/saved-search): "check your email" once saved, and where its emails' links land. A link
 * never acts on its own (mail scanners open links): the page's one button, a form, does. Private: the address
 * carries the link's token.
 */
export function SavedSearchPage() {
  const { business } = useSite();
  const [params] = useSearchParams();
  const refused = useSubmittedForm(`leads:${SAVED_SEARCH_FORMS.action}`);
  const id = refused?.values.id ?? params.get("id") ?? "";
  const token = refused?.values.token ?? params.get("token") ?? "";
  const action = (refused?.values.do ?? params.get("do") ?? "") as SavedSearchAction;
  const done = DONE[params.get("done") ?? ""];
  const asked = SAVED_SEARCH_ACTIONS.includes(action) && id && token ? BUTTONS[action] : null;
  usePageHead({ title: `Saved search | ${business.name}`, canonical: paths.savedSearch(), robots: "noindex" });

  const shown = done ?? asked ?? { heading: "Saved search", text: "This page needs the whole link from our email." };
  return (
    <div className="leads-page leads-saved-search-page">
      <h1 className="leads-page__title">{shown.heading}</h1>
      <p role={done ? "status" : undefined}>{shown.text}</p>
      {refused?.message ? (
        <p className="leads-form__failure" role="alert">
          {refused.message}
        </p>
      ) : null}
      {asked && !done ? (
        <form method="post">
          <input type="hidden" name={FORM_FIELD} value={`leads:${SAVED_SEARCH_FORMS.action}`} />
          <input type="hidden" name="id" value={id} />
          <input type="hidden" name="token" value={token} />
          <input type="hidden" name="do" value={action} />
          <button type="submit" className="leads-button">
            {asked.button}
          </button>
        </form>
      ) : null}
      <p>
        <Link to={paths.inventory()}>Back to our inventory</Link>
      </p>
    </div>
  );
}
