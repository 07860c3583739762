// the check is shared-types': a trade-in's VIN on the fleet quote is checked by the same rule as a feed's
export { vinCheckDigit, vinProblem } from "shared-types";
