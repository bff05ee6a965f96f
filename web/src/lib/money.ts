const egp = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** The one way to show money: EGP numbers from the API (2 decimals) as 'LE 1,234.00'. */
export function formatMoney(amount: number | string | null | undefined): string {
  const n = typeof amount === 'string' ? Number(amount) : amount;
  return `LE ${egp.format(Number.isFinite(n) ? (n as number) : 0)}`;
}
