import { allows, DEPARTMENT_NAMES, DEPARTMENTS, type DeskSpecial } from "shared-types";
import type { SpecialInput } from "shared-types/schemas";
import type { SignedIn } from "../../signed-in.js";
import { Layout, Notice, type NoticeProps, PageNotice } from "../../ui/layout.js";

/** The departments whose specials the member writes. */
export const specialDepartments = (signedIn: SignedIn) =>
  DEPARTMENTS.filter((department) => allows(signedIn.member.role, "specials", department));

/** The public page a department's specials are on (parts are shown on the service specials page). */
const PUBLIC_PAGE = { sales: "/sales-specials", service: "/service-specials", parts: "/parts-specials" } as const;

/** A special's name on the desk: its title, or the first words of its text (a feed's specials have no title). */
export const specialName = (special: Pick<DeskSpecial, "title" | "html">, fallback: string) =>
  special.title ||
  special.html
    .replace(/<[^>]*>/g, " ")
    .replace(/&[a-z]+;|&#\d+;/g, " ")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, 60) ||
  fallback;

/** The API's photo address, as the desk serves it to staff (the desk proxies the staff edge's copy). */
export const deskImage = (image: string) => image.replace(/^\/api\/media\/photos\//, "/photos/");

const shownWhen = (special: Pick<DeskSpecial, "starts_on" | "ends_on">) =>
  special.starts_on && special.ends_on
    ? `${special.starts_on} to ${special.ends_on}`
    : special.starts_on
      ? `from ${special.starts_on}`
      : special.ends_on
        ? `until ${special.ends_on}`
        : "always";

/** One place up or down its department's list. */
function MoveButton({ id, name, direction }: { id: string; name: string; direction: "up" | "down" }) {
  return (
    <form method="post" action={`/specials/${encodeURIComponent(id)}/move`}>
      <input type="hidden" name="direction" value={direction} />
      <button type="submit" className="desk-button--quiet" aria-label={`Move ${name} ${direction}`}>
        Move {direction}
      </button>
    </form>
  );
}

/** One special in its department's list: its name, whether the site shows it today, and its actions. */
function SpecialRow({
  special,
  index,
  last,
  today,
}: {
  special: DeskSpecial;
  index: number;
  last: boolean;
  today: string;
}) {
  const live = (!special.starts_on || special.starts_on <= today) && (!special.ends_on || special.ends_on >= today);
  const name = specialName(special, `Image special ${index + 1}`);
  return (
    <li className="desk-special" data-special-id={special.id}>
      <p className="desk-special__title">
        <a href={`/specials/${encodeURIComponent(special.id)}`}>{name}</a>{" "}
        <span className={live ? "desk-tag desk-tag--live" : "desk-tag"}>
          {live ? "on the site" : "not shown today"}
        </span>
      </p>
      <p className="desk-hint">
        Shown {shownWhen(special)}
        {special.image ? ", with an image" : ""}
        {special.origin === "feed" ? "; from the promotions feed (editing it makes it the desk's)" : ""}
      </p>
      <div className="desk-lead__actions">
        {index > 0 ? <MoveButton id={special.id} name={name} direction="up" /> : null}
        {last ? null : <MoveButton id={special.id} name={name} direction="down" />}
        <form method="post" action={`/specials/${encodeURIComponent(special.id)}/remove`}>
          <button type="submit" className="desk-button--quiet" aria-label={`Remove ${name}`}>
            Remove
          </button>
        </form>
      </div>
    </li>
  );
}

/** Each department's specials in the order the public page shows them: move, edit, remove, or add one. */
export function SpecialsPage({
  signedIn,
  specials,
  today,
  notice,
}: {
  signedIn: SignedIn;
  specials: DeskSpecial[];
  today: string;
  notice?: NoticeProps;
}) {
  const departments = specialDepartments(signedIn);
  return (
    <Layout title="Specials" signedIn={signedIn}>
      <PageNotice notice={notice} />
      <p>
        <a href="/specials/new" className="desk-button">
          New special
        </a>
      </p>
      {departments.map((department) => {
        const mine = specials.filter((special) => special.department === department);
        return (
          <section key={department} aria-labelledby={`desk-specials-${department}`}>
            <h2 id={`desk-specials-${department}`} className="desk-subheading">
              {DEPARTMENT_NAMES[department]} specials
            </h2>
            <p className="desk-hint">
              In the order the site's <code>{PUBLIC_PAGE[department]}</code> page shows them.
            </p>
            {mine.length === 0 ? (
              <p>None.</p>
            ) : (
              <ol className="desk-specials">
                {mine.map((special, index) => (
                  <SpecialRow
                    key={special.id}
                    special={special}
                    index={index}
                    last={index === mine.length - 1}
                    today={today}
                  />
                ))}
              </ol>
            )}
          </section>
        );
      })}
    </Layout>
  );
}

/**
 * A special's editor: its department, title, text (HTML, shown as the site's sanitiser leaves it: "Preview"), link
 * and days; then, once saved, its image. What was typed comes back with the reasons when something is refused.
 */
export function SpecialEditPage({
  signedIn,
  special,
  typed,
  preview,
  problems = {},
  notice,
}: {
  signedIn: SignedIn;
  /** The special being edited; none: a new one. */
  special?: DeskSpecial;
  typed: SpecialInput;
  /** The text as the site will show it, when "Preview" was pressed. */
  preview?: string;
  problems?: Partial<Record<keyof SpecialInput | "image", string>>;
  notice?: NoticeProps;
}) {
  const departments = specialDepartments(signedIn);
  const action = special ? `/specials/${encodeURIComponent(special.id)}` : "/specials/new";
  const field = (name: keyof SpecialInput) => ({
    id: `desk-special-${name}`,
    name,
    "aria-invalid": problems[name] ? true : undefined,
    "aria-describedby": problems[name] ? `desk-special-${name}-problem` : undefined,
  });
  const problem = (name: keyof SpecialInput) => problemText(name, problems[name]);
  const count = Object.keys(problems).length;
  return (
    <Layout title={special ? `Edit: ${special.title || "special"}` : "New special"} signedIn={signedIn}>
      <p>
        <a href="/specials">All specials</a>
      </p>
      <PageNotice notice={notice} />
      {count > 0 ? (
        <Notice kind="refused">
          {count === 1 ? "One thing to fix" : `${count} things to fix`}: {Object.values(problems).join(". ")}.
        </Notice>
      ) : null}
      <form method="post" action={action} className="desk-form" noValidate>
        <label htmlFor="desk-special-department">Department</label>
        <select {...field("department")} defaultValue={typed.department}>
          {departments.map((department) => (
            <option key={department} value={department}>
              {DEPARTMENT_NAMES[department]}
            </option>
          ))}
        </select>
        {problem("department")}
        <label htmlFor="desk-special-title">Title (the desk's name for it, and its image's description)</label>
        <input {...field("title")} type="text" maxLength={120} required defaultValue={typed.title} />
        {problem("title")}
        <label htmlFor="desk-special-html">Text (HTML: headings, paragraphs, lists, bold, links)</label>
        <textarea {...field("html")} rows={8} defaultValue={typed.html} />
        {problem("html")}
        <label htmlFor="desk-special-url">Link for the image (a page of this site, like /service, or https://…)</label>
        <input {...field("url")} type="text" maxLength={500} defaultValue={typed.url} />
        {problem("url")}
        <label htmlFor="desk-special-starts_on">First day shown (empty: from now)</label>
        <input {...field("starts_on")} type="date" defaultValue={typed.starts_on ?? ""} />
        {problem("starts_on")}
        <label htmlFor="desk-special-ends_on">Last day shown (empty: until removed)</label>
        <input {...field("ends_on")} type="date" defaultValue={typed.ends_on ?? ""} />
        {problem("ends_on")}
        <div className="desk-lead__actions">
          <button type="submit" name="intent" value="preview" className="desk-button--quiet">
            Preview
          </button>
          <button type="submit" name="intent" value="save">
            {saveLabel(special)}
          </button>
        </div>
      </form>
      {preview !== undefined ? <PreviewSection preview={preview} saveLabel={saveLabel(special)} /> : null}
      {special ? (
        <ImageSection special={special} problem={problems.image} />
      ) : (
        <p className="desk-hint">Create the special first; then add its image.</p>
      )}
    </Layout>
  );
}

/** The save button's words: a special is saved, a new one created. */
const saveLabel = (special: DeskSpecial | undefined) => (special ? "Save the special" : "Create the special");

/** Why a field's value is refused, tied to the field for screen readers. */
const problemText = (name: keyof SpecialInput | "image", problem: string | undefined) =>
  problem ? (
    <p id={`desk-special-${name}-problem`} className="desk-problem">
      {problem}
    </p>
  ) : null;

/** The text as the site will show it, before it is saved. */
function PreviewSection({ preview, saveLabel }: { preview: string; saveLabel: string }) {
  return (
    <section className="desk-preview" aria-labelledby="desk-preview-heading">
      <h2 id="desk-preview-heading" className="desk-subheading">
        Preview: the text as the site will show it
      </h2>
      {preview ? (
        // biome-ignore lint/security/noDangerouslySetInnerHtml: the API's sanitiser made it, as for the public page
        <div className="desk-preview__body" dangerouslySetInnerHTML={{ __html: preview }} />
      ) : (
        <p>No text: the site shows the image (with its link), or nothing until one is added.</p>
      )}
      <p className="desk-hint">Not saved yet: press "{saveLabel}".</p>
    </section>
  );
}

/** A saved special's image: shown, removed, or uploaded (anew). */
function ImageSection({ special, problem }: { special: DeskSpecial; problem: string | undefined }) {
  return (
    <section aria-labelledby="desk-image-heading">
      <h2 id="desk-image-heading" className="desk-subheading">
        Image
      </h2>
      <p className="desk-hint">The site shows the image, with its link, when the special has no text.</p>
      {special.image ? (
        <>
          <img
            className="desk-special__image"
            src={deskImage(special.image)}
            alt={special.title || "The special's image"}
            width={640}
            height={213}
          />
          <form method="post" action={`/specials/${encodeURIComponent(special.id)}/image/remove`}>
            <button type="submit" className="desk-button--quiet">
              Remove the image
            </button>
          </form>
        </>
      ) : (
        <p>No image. The site shows the text only.</p>
      )}
      <form
        method="post"
        action={`/specials/${encodeURIComponent(special.id)}/image`}
        encType="multipart/form-data"
        className="desk-form"
      >
        <label htmlFor="desk-special-image">
          {special.image ? "Replace it with" : "Add one"} (JPEG, PNG or WebP; 1200 × 400 px reads best; it is turned
          upright and its location and camera data are removed)
        </label>
        <input
          id="desk-special-image"
          name="image"
          type="file"
          accept="image/jpeg,image/png,image/webp"
          required
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? "desk-special-image-problem" : undefined}
        />
        {problemText("image", problem)}
        <button type="submit">Upload the image</button>
      </form>
    </section>
  );
}
