/**
 * The `links` of a paginated list's meta: each repeats the page size and the filters given (in that
 * order, those set) with its own page; `next` and `prev` are null where there is none, and past the last
 * page `prev` is the last.
 */
export function pageLinks(
  path: string,
  { page, perPage, totalPages }: { page: number; perPage: number; totalPages: number },
  filters: Record<string, string | number | undefined>,
) {
  const link = (to: number) => {
    const params = new URLSearchParams({ page: String(to), per_page: String(perPage) })
    for (const [name, value] of Object.entries(filters)) if (value !== undefined) params.set(name, String(value))
    return `${path}?${params}`
  }
  const last = Math.max(totalPages, 1)
  return {
    self: link(page),
    first: link(1),
    last: link(last),
    next: page < last ? link(page + 1) : null,
    prev: page > 1 ? link(Math.min(page - 1, last)) : null,
  }
}

/**
 * A paginated list's `meta`: the page, its size, the total and the links of `pageLinks`, built from the
 * request's path, its validated paging fields and the filters it gave.
 */
export function pageMeta(
  path: string,
  { page, per_page }: { page: number; per_page: number },
  total: number,
  filters: Record<string, string | number | undefined>,
) {
  const totalPages = Math.ceil(total / per_page)
  return {
    page,
    per_page,
    total,
    total_pages: totalPages,
    links: pageLinks(path, { page, perPage: per_page, totalPages }, filters),
  }
}
