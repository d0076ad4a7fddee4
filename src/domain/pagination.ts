/** Cards per page on the dashboard and collection pages. */
export const PAGE_SIZE = 12;

/** The inclusive row range of a 1-based page, as PostgREST's offset/limit (`.range(from, to)`). */
export function pageRange(page: number, pageSize = PAGE_SIZE): { from: number; to: number } {
  const from = (Math.max(1, Math.floor(page)) - 1) * pageSize;
  return { from, to: from + pageSize - 1 };
}

export function pageCount(total: number, pageSize = PAGE_SIZE): number {
  return Math.max(1, Math.ceil(total / pageSize));
}
