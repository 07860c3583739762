import { mkdir, readFile, writeFile } from "node:fs/promises";
import { dirname } from "node:path";
import { apiPaths, type BusinessDetails } from "shared-types";
import { businessDetailsSchema } from "shared-types/schemas";

export class BusinessDetailsUnavailable extends Error {}

/** How long an API that has not answered since this server started counts as starting, not as down. */
const STARTING_MS = 30_000;

export interface BusinessDetailsSourceOptions {
  apiOrigin: string;
  /** Details younger than this are used as they are; older ones are asked for again. */
  maxAgeMs: number;
  /** Where the last good details are kept, so a restart while the API is down still has them. */
  cacheFile?: string;
  onProblem?: (message: string, error?: unknown) => void;
  /** The API has not answered since this server started: told once, so a start reads as a start, not a problem. */
  onWaiting?: () => void;
}

/**
 * The dealership's details for every page, from the API, asked at most once per `maxAgeMs` and validated; when it
 * fails, the last good details stand in (from memory, or from the cache file after a restart).
 */
export class BusinessDetailsSource {
  private good: { at: number; details: BusinessDetails } | null = null;
  private pending: Promise<BusinessDetails> | null = null;
  private answeredOnce = false;
  private waitingSince: number | null = null;

  constructor(private readonly options: BusinessDetailsSourceOptions) {}

  /** The API said the details changed: the next page asks for them again (the last good ones stay as a fallback). */
  changed(): void {
    if (this.good) this.good.at = 0;
  }

  async current(): Promise<BusinessDetails> {
    if (this.good && Date.now() - this.good.at < this.options.maxAgeMs) return this.good.details;
    this.pending ??= this.refresh().finally(() => {
      this.pending = null;
    });
    return this.pending;
  }

  private async refresh(): Promise<BusinessDetails> {
    try {
      const response = await fetch(`${this.options.apiOrigin}${apiPaths.businessDetails()}`, {
        signal: AbortSignal.timeout(2_000),
      });
      if (!response.ok) throw new Error(`the API answered ${response.status}`);
      const parsed = businessDetailsSchema.safeParse(await response.json());
      if (!parsed.success) throw new Error(`the API's business details are invalid: ${parsed.error.message}`);
      const changed = JSON.stringify(parsed.data) !== JSON.stringify(this.good?.details);
      this.good = { at: Date.now(), details: parsed.data };
      this.answeredOnce = true;
      if (changed && this.options.cacheFile) await this.keep(parsed.data, this.options.cacheFile);
      return parsed.data;
    } catch (error) {
      // a start is told once; an API that has not come up within a start's time is a problem like any other
      const waited = this.waitingSince === null ? 0 : Date.now() - this.waitingSince;
      if (this.answeredOnce || !this.options.onWaiting || waited > STARTING_MS) {
        this.options.onProblem?.("business details: the last good ones stand in", error);
      } else if (this.waitingSince === null) {
        this.waitingSince = Date.now();
        this.options.onWaiting();
      }
      if (this.good) return this.good.details;
      const kept = await this.kept();
      if (kept) {
        this.good = { at: 0, details: kept };
        return kept;
      }
      throw new BusinessDetailsUnavailable(
        "no business details yet: the API has not answered since this server started",
      );
    }
  }

  private async keep(details: BusinessDetails, file: string): Promise<void> {
    await mkdir(dirname(file), { recursive: true })
      .then(() => writeFile(file, JSON.stringify(details)))
      .catch((error) => this.options.onProblem?.(`business details: could not keep a copy in ${file}`, error));
  }

  private async kept(): Promise<BusinessDetails | null> {
    if (!this.options.cacheFile) return null;
    return readFile(this.options.cacheFile, "utf8")
      .then((text) => businessDetailsSchema.parse(JSON.parse(text)))
      .catch(() => null);
  }
}
