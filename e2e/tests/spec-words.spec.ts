import { SITE_URL } from "../fixtures/site-processes";
import { expect, test } from "../fixtures/test";

async function aVehiclePage(): Promise<string> {
  const response = await fetch(`${SITE_URL}/api/inventory/all/?page_size=1`);
  const [vehicle] = ((await response.json()) as { vehicles: { stock_number: string }[] }).vehicles;
  return `/inventory/vehicle/${vehicle?.stock_number}`;
}

interface Words {
  /** Texts the page shows (a label may gain words, never lose them: each is looked for as a part of the page). */
  shows: string[];
  title?: string;
  /** What a form's message starts with (SPEC §5's prefilled messages). */
  message?: string;
  placeholders?: string[];
}

/**
 * SPEC's own words, each where SPEC puts it, in the page the server sends (scripts off: what every visitor gets
 * first). The words a form says after it is sent are in the lead forms' specs, which send them.
 */
const SPEC_WORDS: [path: string | (() => Promise<string>), Words][] = [
  [
    "/",
    {
      shows: [
        "Quality Fleet Vehicles & Services",
        "View Our Inventory",
        "Fleet Solutions",
        "Brands We Work With",
        "GMC",
        "Isuzu",
        "Chevrolet",
        "Buick",
        // the footer, on every page
        "Message Us",
        "Call Us",
        "Email Us",
      ],
    },
  ],
  ["/line-up/isuzu", { title: "Isuzu fleet dealer, Calgary, Alberta", shows: ["View Details", "Request a Quote"] }],
  ["/line-up/gm", { title: "GM fleet dealer, Calgary, Alberta", shows: ["View Details", "Request a Quote"] }],
  [
    "/line-up/isuzu/isuzu-nrr-ev",
    {
      shows: [
        "Request a Quote to Purchase",
        "Request a Vehicle Service",
        "Request Parts for this Vehicle",
        "See Our Full ISUZU Inventory",
      ],
    },
  ],
  ["/line-up/isuzu/no-such-model", { shows: ["Invalid Model ID"] }],
  [
    "/contact/inquiry/isuzu-nrr-ev",
    {
      shows: ["More Information", "Fill out the form and we will be in touch."],
      message: "Can you send me more details about the Isuzu NRR EV?",
    },
  ],
  [
    "/contact/quote/isuzu-nrr-ev",
    { shows: ["Additional Information"], message: "Can you send me a quote for the Isuzu NRR EV?" },
  ],
  [
    "/inventory",
    {
      shows: [
        "Find Your Vehicle",
        "Refine Search",
        "Search Term",
        "Year",
        "Make and Model",
        "Body Style",
        "Sort Order",
      ],
    },
  ],
  [
    "/inventory?search=no-such-unit-anywhere",
    {
      shows: [
        "No vehicles match that criteria. Try clearing your filters, or selecting new ones",
        "Reset all Filters",
        "Related vehicles that might interest you:",
      ],
    },
  ],
  [
    aVehiclePage,
    { shows: ["Call Us Now"], message: "I am interested in this vehicle. Can you send me more information?" },
  ],
  ["/get-financing", { shows: ["Fleet Financing"] }],
  [
    "/service",
    { shows: ["Request Vehicle Service"], message: "I would like to request servicing for some of my fleet vehicles." },
  ],
  ["/service/isuzu-nrr-ev", { shows: [], message: "I would like to request servicing for an Isuzu NRR EV." }],
  ["/parts/isuzu-nrr-ev", { shows: ["Request Vehicle Parts"], message: "I am looking for parts for an Isuzu NRR EV." }],
  ["/body-shop", { shows: ["65 ft"] }],
  ["/body-shop-services/estimates", { shows: ["BOOK ESTIMATE APPOINTMENT"] }],
  ["/trailer-inventory", { shows: ["Trailer Inventory", "Contact Us", "View Details"] }],
  [
    "/trailer-inventory/TR410281",
    {
      shows: ["SALE PRICE", "Call Us Now", "Get Financing", "Type", "Stock #", "VIN"],
      message: "I am interested in this trailer. Can you send me more information?",
      placeholders: ["First Name", "Last Name", "Email", "Phone Number"],
    },
  ],
];

test.describe("SPEC's words, where SPEC puts them", () => {
  test.use({ javaScriptEnabled: false });

  for (const [path, words] of SPEC_WORDS) {
    const name = typeof path === "string" ? path : "a vehicle's page";
    test(`${name}: ${[words.title, ...words.shows, words.message].filter(Boolean).join(" | ")}`, async ({ page }) => {
      await page.goto(typeof path === "string" ? path : await path());
      if (words.title) await expect(page).toHaveTitle(new RegExp(words.title));
      for (const text of words.shows) await expect(page.locator("body"), text).toContainText(text);
      if (words.message) await expect(page.locator('textarea[name="message"]').first()).toHaveValue(words.message);
      for (const placeholder of words.placeholders ?? []) {
        await expect(page.locator(`[placeholder="${placeholder}"]`).first(), placeholder).toBeVisible();
      }
    });
  }
});

test("the inventory's count line and its search box's suggestions are SPEC's", async ({ page }) => {
  await page.goto("/inventory");
  await expect(page.locator(".inventory-count")).toHaveText(/^1 to 20 of \d+ Vehicles$/);
  await page.getByRole("button", { name: "Search Term", exact: true }).click();
  await expect(page.locator("input[placeholder]").first()).toHaveAttribute(
    "placeholder",
    /Backup Camera, Lifted, Red, 2019/,
  );
});

test("the sort order's words and the dual price's labels are SPEC's", async ({ page }) => {
  await page.goto("/inventory");
  await page.getByRole("button", { name: "Sort Order", exact: true }).click();
  for (const label of ["Old to New", "New to Old", "Price Low to High"]) {
    await expect(page.locator(".inventory-refine__panel"), label).toContainText(label);
  }
  // a new unit on sale shows MSRP struck through, a used one its Retail Price; both the Discount and the Sale Price
  const { vehicles } = (await (await fetch(`${SITE_URL}/api/inventory/all/?page_size=100`)).json()) as {
    vehicles: { stock_number: string; condition: string; full_price: number; low_price: number }[];
  };
  const onSale = vehicles.filter((v) => v.low_price > 0 && v.full_price > v.low_price);
  const shown = new Set<string>();
  for (const condition of ["new", "used"]) {
    const unit = onSale.find((v) => v.condition === condition);
    if (!unit) continue;
    await page.goto(`/inventory/vehicle/${unit.stock_number}`);
    const price = page.locator(".inventory-vehicle__summary .inventory-price--dual");
    const regular = condition === "new" ? "MSRP" : "Retail Price";
    for (const label of [regular, "Discount", "Sale Price"]) await expect(price, label).toContainText(label);
    shown.add(regular);
  }
  expect(shown.size, "a unit on sale of either condition").toBeGreaterThan(0);
});
