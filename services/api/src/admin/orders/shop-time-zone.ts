/** Calendar days and times are Cairo's, as on the dashboard (daily_sales) and in the CSV export. */
export const SHOP_TIME_ZONE = 'Africa/Cairo';
