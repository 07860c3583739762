import { useEffect, useState } from "react";
import { defineIsland } from "remote-kit";
import { NATIVE_SUBMIT_ATTRIBUTE } from "remote-kit/protocol";
import { apiPaths, FLEET_QUOTE_ADD, paths } from "shared-types";
// exposed on its own and rendered inside other teams' pages: it brings its styles with it
import "../leads.css";

const units = (n: number) => `${n} ${n === 1 ? "unit" : "units"}`;

/** The add form's fields, as the API takes them (the contract: shared-types FLEET_QUOTE_ADD). */
function addRequest(form: HTMLFormElement): Record<string, string> {
  const data = new FormData(form);
  return Object.fromEntries(
    Object.values(FLEET_QUOTE_ADD.fields)
      .filter((name) => data.has(name))
      .map((name) => [name, String(data.get(name) ?? "")]),
  );
}

/**
 * The visitor's fleet quote, on other teams' pages (a fragment they include once per page): a link to the list,
 * and, once its code runs, how many units it holds. It also takes over every "Add to fleet quote" form on the page
 * (shared-types FLEET_QUOTE_ADD): the quantity is checked, the unit added in place through the site's API, and the
 * count and the form's own status updated; without scripts (or before this runs) the form posts to the list.
 */
function FleetQuoteCount() {
  const [count, setCount] = useState<number | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    fetch(apiPaths.fleetQuoteSummary(), { signal: controller.signal, headers: { accept: "application/json" } })
      .then((response) => (response.ok ? response.json() : null))
      .then((summary: { unit_count?: number } | null) => {
        if (typeof summary?.unit_count === "number") setCount(summary.unit_count);
      })
      .catch(() => undefined);

    const onSubmit = async (event: SubmitEvent) => {
      const form = event.target;
      if (!(form instanceof HTMLFormElement) || !form.hasAttribute(FLEET_QUOTE_ADD.attribute)) return;
      if (form.hasAttribute(NATIVE_SUBMIT_ATTRIBUTE) || form.dataset.fleetQuoteNative === "yes") return;
      event.preventDefault();
      const status = form.querySelector(`[${FLEET_QUOTE_ADD.statusAttribute}]`);
      const say = (text: string, problem = false) => {
        if (!status) return;
        status.textContent = text;
        status.toggleAttribute("data-problem", problem);
      };
      const body = addRequest(form);
      const { fleetQuoteAddSchema, fieldReasons } = await import("shared-types/schemas");
      const checked = fleetQuoteAddSchema.safeParse(body);
      if (!checked.success) {
        say(Object.values(fieldReasons(checked.error))[0] ?? "Check the quantity", true);
        return;
      }
      say("Adding...");
      try {
        const response = await fetch(apiPaths.fleetQuoteLines(), {
          method: "POST",
          headers: { "content-type": "application/json", accept: "application/json" },
          body: JSON.stringify(body),
        });
        const answer = (await response.json().catch(() => ({}))) as {
          list?: { unit_count: number };
          message?: string;
        };
        if (response.ok && answer.list) {
          setCount(answer.list.unit_count);
          say(`Added. Your fleet quote has ${units(answer.list.unit_count)}.`);
          return;
        }
        if (response.status >= 400 && response.status < 500 && answer.message) {
          say(answer.message, true);
          return;
        }
        throw new Error(`the API answered ${response.status}`);
      } catch {
        // the API could not be reached from here: the form does what it does without scripts
        form.dataset.fleetQuoteNative = "yes";
        form.requestSubmit();
      }
    };
    document.addEventListener("submit", onSubmit);
    return () => {
      controller.abort();
      document.removeEventListener("submit", onSubmit);
    };
  }, []);

  return (
    <p className="leads-fleet-count">
      <a className="leads-fleet-count__link" href={paths.fleetQuote()}>
        Your fleet quote
        <span aria-live="polite">{count ? `: ${units(count)}` : ""}</span>
      </a>
    </p>
  );
}

// made interactive when the visitor reaches for it or for any "Add to fleet quote" form: a page nobody touches runs
// none of its code
export default defineIsland("leads/fleet-quote-count", FleetQuoteCount, {
  hydrate: "interaction",
  serves: `form[${FLEET_QUOTE_ADD.attribute}]`,
});
