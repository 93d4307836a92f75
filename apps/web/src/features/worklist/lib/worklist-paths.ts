/** The ticket pages (spec section 2: /worklist/index and /worklist/detail). */
export const worklistPaths = {
  list: '/worklist/index',
  detail: (id: string) => `/worklist/detail?id=${encodeURIComponent(id)}`,
};
