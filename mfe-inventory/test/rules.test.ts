import { describe, expect, it } from "vitest";
import {
  trailerImageUrls,
  trailerLeadImageIndex,
  trailerMainImage,
  trailerThumbnail,
} from "../src/data/trailer-images";
import { findTrailer, TRAILERS } from "../src/data/trailers";
import { pageNumbers, rangeText } from "../src/pager";
import { INVENTORY_REMOTE } from "../src/remote";

describe("pager (SPEC §9)", () => {
  it("shows up to 7 pages starting 3 before the current one", () => {
    expect(pageNumbers(1, 20)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(pageNumbers(10, 20)).toEqual([7, 8, 9, 10, 11, 12, 13]);
    expect(pageNumbers(20, 20)).toEqual([14, 15, 16, 17, 18, 19, 20]);
    expect(pageNumbers(2, 3)).toEqual([1, 2, 3]);
  });

  it("writes the range text", () => {
    expect(rangeText(2, 20, 150)).toBe("21 to 40 of 150 Vehicles");
    expect(rangeText(8, 20, 150)).toBe("141 to 150 of 150 Vehicles");
    expect(rangeText(1, 20, 1)).toBe("1 Vehicle");
    expect(rangeText(1, 20, 12)).toBe("12 Vehicles");
  });
});

describe("trailers", () => {
  it("are the 13 of SPEC §3 with whole-dollar prices from 15,880 to 37,880", () => {
    expect(TRAILERS).toHaveLength(13);
    const prices = TRAILERS.map((t) => t.price).filter((p) => p > 0);
    expect(Math.min(...prices)).toBe(15880);
    expect(Math.max(...prices)).toBe(37880);
    expect(TRAILERS.every((t) => t.extended_description.length > 0)).toBe(true);
  });

  it("use photo 2 as thumbnail only when there are more than one, else the placeholder", () => {
    const many = findTrailer("TR410281")!;
    const one = findTrailer("TR410498")!;
    const none = findTrailer("TR910601")!;
    // the bucket's path rule; the drawn stand-ins are told the body type
    expect(trailerThumbnail(many)).toBe(
      `/api/media/trailer-photos/TR410281/2.jpg?type=${encodeURIComponent(many.asset_type)}`,
    );
    expect(trailerThumbnail(one)).not.toContain("trailer-photos");
    expect(trailerMainImage(one)).toMatch(/^\/api\/media\/trailer-photos\/TR410498\/1\.jpg(\?type=.+)?$/);
    expect(trailerMainImage(none)).not.toContain("trailer-photos");
  });
});

describe("the trailer list (SPEC §3)", () => {
  it("is 13 valid trailers with unique stock numbers", async () => {
    expect(TRAILERS).toHaveLength(13);
    const published = TRAILERS.map((t) => ({ ...t, thumbnail: trailerThumbnail(t) }));
    expect(INVENTORY_REMOTE.data.trailers.shape.safeParse(published).error?.issues ?? []).toEqual([]);
    expect(new Set(TRAILERS.map((t) => t.stock_number)).size).toBe(13);
  });
});

describe("trailer photos (SPEC §7)", () => {
  it("numbers photos 1..image_count and leads with photo 2 where there are enough", () => {
    expect(trailerImageUrls("/media", { stock_number: "T1", image_count: 2 })).toEqual([
      "/media/trailer-photos/T1/1.jpg",
      "/media/trailer-photos/T1/2.jpg",
    ]);
    expect(trailerLeadImageIndex(3, "list")).toBe(2);
    expect(trailerLeadImageIndex(1, "list")).toBeNull();
    expect(trailerLeadImageIndex(1, "detail")).toBe(1);
    expect(trailerLeadImageIndex(0, "detail")).toBeNull();
  });
});
