// Class lists shared by every admin page, so buttons and inputs look the same everywhere.
export const btnPrimary =
  'inline-flex items-center justify-center gap-1 rounded-md bg-indigo-600 px-3 py-2 text-sm font-medium text-white hover:bg-indigo-700 disabled:cursor-not-allowed disabled:opacity-50';
export const btnSecondary =
  'inline-flex items-center justify-center gap-1 rounded-md border border-gray-300 bg-white px-3 py-2 text-sm font-medium text-gray-800 hover:bg-gray-50 disabled:cursor-not-allowed disabled:opacity-50';
export const btnDanger =
  'inline-flex items-center justify-center gap-1 rounded-md bg-red-600 px-3 py-2 text-sm font-medium text-white hover:bg-red-700 disabled:cursor-not-allowed disabled:opacity-50';
export const input =
  'block w-full rounded-md border border-gray-300 px-3 py-2 text-sm focus:border-indigo-500 focus:outline-none focus:ring-1 focus:ring-indigo-500';
export const label = 'mb-1 block text-sm font-medium text-gray-700';
export const card = 'rounded-lg border border-gray-200 bg-white p-4 shadow-sm';
// Table cells are tighter on phones, so a four-column list (the orders' Total) fits 390 px.
export const th = 'px-1.5 py-2 text-left sm:px-3 text-xs font-semibold uppercase tracking-wide text-gray-600';
export const td = 'px-1.5 py-2 text-sm text-gray-800 sm:px-3';
export const pageTitle = 'text-2xl font-bold text-gray-900';
export const errorPanel = 'rounded-md border border-red-200 bg-red-50 p-4 text-sm text-red-800';
