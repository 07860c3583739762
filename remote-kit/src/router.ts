/**
 * The part of react-router-dom the site uses, and the only part the host shares at run time: the host bundles
 * these (tree-shaken, about a quarter of the whole library) and provides them to every remote as the
 * "react-router-dom" singleton. Remotes import routing from here, never from react-router-dom directly (Biome
 * enforces it), so a remote can never reach for an export the host does not provide.
 */

export type { Navigator, To } from "react-router-dom";
export {
  BrowserRouter,
  createPath,
  MemoryRouter,
  matchPath,
  Navigate,
  Route,
  Router,
  Routes,
  useLocation,
  useParams,
  useSearchParams,
} from "react-router-dom";
