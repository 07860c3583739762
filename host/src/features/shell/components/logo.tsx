import { Link, useSite } from "remote-kit";

export function Logo() {
  const { name } = useSite().business;
  return (
    <Link to="/" className="host-logo" aria-label={`${name} home`}>
      <svg className="host-logo__mark" viewBox="0 0 48 32" width="48" height="32" aria-hidden="true">
        <path d="M2 30 L18 6 L26 18 L32 10 L46 30 Z" fill="#f2a900" />
        <path d="M18 6 L22 12 L14 12 Z" fill="#fff" />
      </svg>
      <span className="host-logo__text">
        Summit <strong>Heavy Fleet</strong>
      </span>
    </Link>
  );
}
