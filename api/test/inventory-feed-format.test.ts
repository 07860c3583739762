import { describe, expect, it } from "vitest";
import { parseAmount, parseInventoryFeed, splitImageList, splitOptions } from "../src/feeds/inventory-feed-format.js";
import { vinProblem } from "../src/feeds/vin.js";
import { withVinCheckDigit } from "../src/seed/inventory-generator.js";

const VIN = withVinCheckDigit("1GT49VEY0SF100000");

describe("reading a dealer's feed", () => {
  it("reads prices as dealers write them, and refuses what is not an amount", () => {
    expect(parseAmount("$45,990.00")).toBe(45990);
    expect(parseAmount("45990")).toBe(45990);
    expect(parseAmount(" $1,299.50 ")).toBe(1300);
    expect(parseAmount("")).toBe(0);
    expect(parseAmount("call")).toBeNull();
    expect(parseAmount("-5")).toBeNull();
  });

  it("splits options on the usual separators, and photo lists on commas, bars or spaces", () => {
    expect(splitOptions("Backup Camera|Bluetooth | Heated Seats")).toEqual([
      "Backup Camera",
      "Bluetooth",
      "Heated Seats",
    ]);
    expect(splitOptions("Backup Camera; Bluetooth;Bluetooth")).toEqual(["Backup Camera", "Bluetooth"]);
    expect(splitOptions("Backup Camera, Bluetooth")).toEqual(["Backup Camera", "Bluetooth"]);
    expect(splitOptions("A~B")).toEqual(["A", "B"]);
    expect(splitImageList("https://a/1.jpg,https://a/2.jpg|https://a/3.jpg https://a/4.jpg")).toHaveLength(4);
  });

  it("knows a VIN by its length, its letters and its check digit", () => {
    expect(vinProblem(VIN)).toBeNull();
    expect(vinProblem(VIN.toLowerCase())).toBeNull();
    expect(vinProblem("1GT49VEY")).toMatch(/has 8 characters, not 17/);
    expect(vinProblem("1GT49VEYOSF10000I")).toMatch(/cannot have/);
    const wrong = `${VIN.slice(0, 8)}${VIN[8] === "1" ? "2" : "1"}${VIN.slice(9)}`;
    expect(vinProblem(wrong)).toMatch(/fails its check digit/);
  });

  it("reads a vendor's own column names through a column map (vAuto-style)", () => {
    const csv = [
      "NewUsed,StockNumber,VIN,ModelYear,Make,Model,InternetPrice,MSRP,Photos",
      `Used,VA1,${VIN},2022,GMC,Sierra 2500HD,"$61,500.00","$66,000.00","https://img/1.jpg|https://img/2.jpg"`,
    ].join("\n");
    const columnMap = {
      Type: "NewUsed",
      Stock: "StockNumber",
      Year: "ModelYear",
      SellingPrice: "InternetPrice",
      ImageList: "Photos",
    } as const;
    const parsed = parseInventoryFeed(csv, { columnMap, today: "2026-11-24" });
    expect(parsed).toMatchObject({
      ok: true,
      rejected: [],
      units: [
        {
          line: 2,
          unit: {
            stock_number: "VA1",
            condition: "used",
            year: 2022,
            low_price: 61500,
            full_price: 66000,
            image_urls: ["https://img/1.jpg", "https://img/2.jpg"],
            listed_at: "2026-11-24",
          },
        },
      ],
    });
    // without the map, the file lacks the columns a unit needs, and is refused whole
    expect(parseInventoryFeed(csv)).toEqual({
      ok: false,
      reason: "the file has no Type, Stock, Year, SellingPrice columns",
    });
  });

  it("rejects a row cut short (fewer fields than the header), with its line", () => {
    const csv = [
      "Type,Stock,VIN,Year,Make,Model,SellingPrice,MSRP",
      `New,A1,${VIN},2026,Isuzu,NRR,"$90,000.00","$94,000.00"`,
      `New,A2,${VIN},2026,Isuzu,NRR,"$90,000.00"`,
    ].join("\r\n");
    const parsed = parseInventoryFeed(csv);
    expect(parsed.ok && parsed.rejected).toEqual([
      {
        line: 3,
        stock_number: "A2",
        reason: "the row has 7 fields and the header 8 (cut short, or a comma outside quotes)",
      },
    ]);
  });
});
