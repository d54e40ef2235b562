/** The Audit log desk. */
export const audit = {
  title: "Audit log",
  staff: "Staff e-mail",
  action: "Action",
  targetType: "Target type",
  targetId: "Target id",
  search: "Search",
  export: "Export CSV",
  at: "When",
  ip: "From",
  target: "Target",
  change: "Before → after",
  empty: "No entries match.",
  page: "Page",
  previous: "Previous",
  next: "Next",
} as const;
