/**
 * A page header over a drawn background that shifts on scroll (SPEC §2): the stylesheet moves it with the page's
 * own scrolling (a scroll-driven animation), so it needs no script; browsers without them, and visitors who ask
 * for reduced motion, get a still background.
 */
export function PageHero({
  title,
  image,
  width,
  height,
}: {
  title: string;
  image: string;
  width: number;
  height: number;
}) {
  return (
    <header className="service-hero">
      <img className="service-hero__image" src={image} alt="" width={width} height={height} decoding="async" />
      <h1 className="service-hero__title">{title}</h1>
    </header>
  );
}
