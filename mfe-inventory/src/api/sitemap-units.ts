import { apiPaths } from "shared-types";
import { z } from "zod/mini";
import { api } from "./api-client";

const sitemapUnitsSchema = z.array(z.object({ stock_number: z.string(), updated_at: z.string() }));

/** Every unit for sale, as the API has it now, and when each last changed: a sold unit leaves the sitemap with its page. */
export async function unitsForSitemap(): Promise<z.infer<typeof sitemapUnitsSchema>> {
  const { data } = await api().get(apiPaths.inventorySitemap());
  return sitemapUnitsSchema.parse(data);
}
