import { useParallax } from "../hooks/use-parallax";

/** A page header over a drawn background that shifts on scroll (still for reduced motion). */
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
  const ref = useParallax<HTMLElement>();
  return (
    <header ref={ref} className="service-hero">
      <img className="service-hero__image" src={image} alt="" width={width} height={height} decoding="async" />
      <h1 className="service-hero__title">{title}</h1>
    </header>
  );
}
