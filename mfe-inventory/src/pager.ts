/** SPEC §9: up to 7 numbered pages, starting 3 before the current page. */
export function pageNumbers(current: number, totalPages: number): number[] {
  const first = Math.max(1, Math.min(current - 3, totalPages - 6));
  const last = Math.min(totalPages, first + 6);
  return Array.from({ length: Math.max(0, last - first + 1) }, (_, i) => first + i);
}

/** "X to Y of N Vehicles" when there is more than one page, else "N Vehicle(s)". */
export function rangeText(page: number, pageSize: number, total: number): string {
  if (total > pageSize) {
    const from = (page - 1) * pageSize + 1;
    const to = Math.min(total, page * pageSize);
    return `${from} to ${to} of ${total} Vehicles`;
  }
  return `${total} ${total === 1 ? "Vehicle" : "Vehicles"}`;
}
