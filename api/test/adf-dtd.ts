import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** The ADF 1.0 DTD every CRM reads leads against. */
export const ADF_DTD = new URL("../adf/adf-1.0.dtd", import.meta.url).pathname;

/** What xmllint finds wrong with a document against the ADF 1.0 DTD; "" when it is valid. */
export function adfErrors(xml: string): string {
  const file = join(mkdtempSync(join(tmpdir(), "adf-")), "lead.xml");
  writeFileSync(file, xml);
  try {
    execFileSync("xmllint", ["--noout", "--dtdvalid", ADF_DTD, file], { stdio: "pipe" });
    return "";
  } catch (error) {
    return (error as { stderr?: Buffer }).stderr?.toString() || "invalid";
  }
}

/** Throws (and fails the test) when the document is not valid ADF, with xmllint's reasons. */
export function validateAgainstDtd(xml: string): void {
  const errors = adfErrors(xml);
  if (errors) throw new Error(`ADF not valid: ${errors}`);
}
