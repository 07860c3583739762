// node --import tsx scripts/environment-docs.mjs [--check]
// docs/configuration.md's tables, made from the environment schemas of each process (the API, the host server, a
// remote's server, a remote's build, the repository's own commands). With --check (part of `npm test`) it writes
// nothing and fails when the page is not what the schemas make, or when code anywhere reads a variable that no
// schema declares.
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const root = new URL("../", import.meta.url).pathname;
// the API's as built (npm test makes it before this step): its paths' defaults are where the running API keeps them
const { apiEnvironmentSchema, API_SECRETS } = await import(join(root, "api/dist/src/config.js")).catch(() => {
  throw new Error("the API is not built: npm run build -w api, then this again");
});
const { hostEnvironmentSchema, HOST_SECRETS } = await import(join(root, "host/src/server/environment.ts"));
const { remoteEnvironmentSchema, REMOTE_SECRETS } = await import(join(root, "remote-kit/src/server/index.ts"));
const { BUILT_AT_VARIABLE } = await import(join(root, "remote-kit/src/declaration.ts"));
const { toolingEnvironmentSchema } = await import(join(root, "scripts/environment.mjs"));
const { deskEnvironmentSchema, DESK_SECRETS } = await import(join(root, "staff-desk/src/environment.ts"));
const remoteDeclarations = await Promise.all(
  ["catalog", "inventory", "service", "leads"].map(async (name) => {
    const module = await import(join(root, `mfe-${name}/src/remote.ts`));
    return Object.values(module).find((value) => value?.name === name && value.routes);
  }),
);

/** A variable's value when it is unset, as the schema makes it (or what its description says). */
function unsetValue(schema) {
  const parsed = schema.safeParse(undefined);
  if (!parsed.success) return "required";
  const value = parsed.data;
  if (value === undefined || (Array.isArray(value) && value.length === 0)) return "";
  const text = Array.isArray(value) ? value.join(", ") : String(value);
  return `\`${text.replaceAll(root, "")}\``;
}

const cell = (text) => text.replaceAll("|", "\\|").replaceAll("\n", " ");

function schemaTable(schema) {
  const rows = Object.entries(schema.shape).map(
    ([name, field]) => `| \`${name}\` | ${cell(field.description ?? "")} | ${cell(unsetValue(field))} |`,
  );
  return ["| variable | what it sets | unset |", "|---|---|---|", ...rows].join("\n");
}

const PROCESSES = [
  { title: "The API (api/src/config.ts)", schema: apiEnvironmentSchema },
  { title: "The host server (host/src/server/environment.ts)", schema: hostEnvironmentSchema },
  {
    title:
      "Each remote's server and its `npm run dev` (remote-kit/src/server/index.ts; PORT's unset value is the remote's own)",
    schema: remoteEnvironmentSchema(0),
  },
  { title: "The staff desk's server (staff-desk/src/environment.ts)", schema: deskEnvironmentSchema },
  { title: "The repository's own commands (scripts/environment.mjs)", schema: toolingEnvironmentSchema },
];

function page() {
  const builds = remoteDeclarations.flatMap((declaration) =>
    Object.entries(declaration.buildVariables ?? {}).map(
      ([name, text]) => `| \`${name}\` | mfe-${declaration.name} | ${cell(text)} |`,
    ),
  );
  return [
    "# Configuration",
    "",
    "Every variable each process reads, made from the schema that process checks its environment against at start-up",
    "(a wrong value stops it, naming the variable). Made by `node --import tsx scripts/environment-docs.mjs`; `npm test`",
    "fails when this page is not what the schemas make, or when code reads a variable no schema declares.",
    "",
    "A secret can be given as a file instead, `<NAME>_FILE` (a mounted secret): the API's " +
      [API_SECRETS, HOST_SECRETS, REMOTE_SECRETS, DESK_SECRETS]
        .map(
          (names, i) =>
            `${i ? ["the host's ", "a remote's ", "the desk's "][i - 1] : ""}${names.map((n) => `\`${n}\``).join(", ")}`,
        )
        .join("; ") +
      ".",
    "",
    ...PROCESSES.flatMap(({ title, schema }) => [`## ${title}`, "", schemaTable(schema), ""]),
    "## A remote's build (its src/remote.ts `buildVariables`)",
    "",
    "| variable | remote | what it sets |",
    "|---|---|---|",
    ...builds,
    `| \`${BUILT_AT_VARIABLE}\` | every remote | Set by the kit to the build's time (not read from the environment). |`,
    "",
  ].join("\n");
}

/** Every variable a source file of the repository reads: from process.env, import.meta.env or loadEnv(...) (this file aside). */
function variablesRead() {
  const files = execFileSync("git", ["ls-files", "-co", "--exclude-standard"], { cwd: root, encoding: "utf8" })
    .split("\n")
    .filter((file) => /\.(ts|tsx|mjs|js)$/.test(file) && file !== "scripts/environment-docs.mjs");
  const reads = new Map();
  const pattern =
    /process\.env\.([A-Z_][A-Z0-9_]*)|process\.env\[["']([A-Z_][A-Z0-9_]*)["']\]|import\.meta\.env\.([A-Z_][A-Z0-9_]*)|loadEnv\([^)]*\)\.([A-Z_][A-Z0-9_]*)/g;
  for (const file of files) {
    let text;
    try {
      text = readFileSync(join(root, file), "utf8");
    } catch {
      continue;
    }
    for (const match of text.matchAll(pattern)) {
      const name = match[1] ?? match[2] ?? match[3] ?? match[4];
      // Vite's own (import.meta.env.DEV, MODE, SSR): set by Vite in every build, not read from the environment
      if (match[3] && ["DEV", "PROD", "MODE", "SSR", "BASE_URL"].includes(name)) continue;
      if (!reads.has(name)) reads.set(name, new Set());
      reads.get(name).add(file);
    }
  }
  return reads;
}

const declared = new Set([
  ...PROCESSES.flatMap(({ schema }) => Object.keys(schema.shape)),
  ...remoteDeclarations.flatMap((declaration) => Object.keys(declaration.buildVariables ?? {})),
  BUILT_AT_VARIABLE,
]);
const undeclared = [...variablesRead()].filter(([name]) => !declared.has(name));
const file = join(root, "docs/configuration.md");
const made = page();
let failed = false;
for (const [name, files] of undeclared) {
  console.error(`${name} is read by ${[...files].join(", ")} but no environment schema declares it`);
  failed = true;
}
if (process.argv.includes("--check")) {
  let current = "";
  try {
    current = readFileSync(file, "utf8");
  } catch {
    // no page yet
  }
  if (current !== made) {
    console.error(
      "docs/configuration.md is not what the environment schemas make: node --import tsx scripts/environment-docs.mjs",
    );
    failed = true;
  }
} else {
  writeFileSync(file, made);
  console.log(`wrote ${file}`);
}
process.exit(failed ? 1 : 0);
