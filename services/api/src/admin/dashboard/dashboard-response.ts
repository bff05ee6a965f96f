import { ApiProperty } from '@nestjs/swagger';

export class MonthFigures {
  @ApiProperty({ example: '2026-11' }) month!: string;
  @ApiProperty() orders!: number;
  @ApiProperty({ description: 'EGP, sales: goods after discounts of shipped and delivered orders' }) revenue!: number;
  @ApiProperty() newCustomers!: number;
}

/** Percent change from last month; null when last month was 0 and this one is not. */
export class GrowthFigures {
  @ApiProperty({ type: Number, nullable: true }) orders!: number | null;
  @ApiProperty({ type: Number, nullable: true }) revenue!: number | null;
  @ApiProperty({ type: Number, nullable: true }) customers!: number | null;
}

export class DayRevenue {
  @ApiProperty({ example: '2026-11-22' }) date!: string;
  @ApiProperty() revenue!: number;
}

export class DayOrders {
  @ApiProperty({ example: '2026-11-22' }) date!: string;
  @ApiProperty() orders!: number;
}

export class GovernorateFigures {
  @ApiProperty() governorate!: string;
  @ApiProperty() orders!: number;
  @ApiProperty({ description: 'Same as sales' }) revenue!: number;
  @ApiProperty({ description: 'EGP, goods after discounts of shipped and delivered orders' }) sales!: number;
  @ApiProperty({ description: 'EGP, totals (shipping and fees included) of delivered orders' }) collected!: number;
  @ApiProperty({ description: 'EGP, totals of shipped orders (out for delivery)' }) pending!: number;
}

export class RecentOrderView {
  @ApiProperty() id!: string;
  @ApiProperty() orderNumber!: string;
  @ApiProperty() customerName!: string;
  @ApiProperty({ type: String, format: 'date-time' }) createdAt!: Date;
  @ApiProperty({ type: String, format: 'date-time', description: 'Same as createdAt' }) orderDate!: Date;
  @ApiProperty() total!: number;
  @ApiProperty() status!: string;
}

export class DashboardView {
  @ApiProperty() activeOrders!: number;
  @ApiProperty({ description: 'Same as sales' }) totalRevenue!: number;
  @ApiProperty({ description: 'EGP, goods after discounts of shipped and delivered orders (no shipping, no COD fee), less goods returned' }) sales!: number;
  @ApiProperty({ description: 'EGP, cash in hand: totals (shipping and fees included) of delivered orders, less refunds' }) collected!: number;
  @ApiProperty({ description: 'Parcels out for delivery (SHIPPED)' }) parcelsOut!: number;
  @ApiProperty({ description: 'Orders refused at the door, not yet received back' }) refused!: number;
  @ApiProperty({ description: 'Orders received back after a refusal, or with goods returned after delivery' }) returned!: number;
  @ApiProperty({ description: 'EGP, goods returned after delivery (sales are net of it)' }) returnedAmount!: number;
  @ApiProperty({ description: 'EGP, cash handed back (collected is net of it)' }) refunded!: number;
  @ApiProperty({ description: 'EGP, out for delivery: totals of shipped orders' }) pending!: number;
  @ApiProperty({ description: 'EGP, catalogue-price subtotals of shipped and delivered orders (before discounts)' }) revenueSubtotal!: number;
  @ApiProperty() totalOrders!: number;
  @ApiProperty() totalCustomers!: number;
  @ApiProperty({ description: 'Posters not deleted' }) totalProducts!: number;
  @ApiProperty() totalAddons!: number;
  @ApiProperty({ type: () => MonthFigures }) thisMonth!: MonthFigures;
  @ApiProperty({ type: () => MonthFigures }) lastMonth!: MonthFigures;
  @ApiProperty({ type: () => GrowthFigures }) growth!: GrowthFigures;
  @ApiProperty({ type: () => [DayRevenue], description: 'The last 30 Cairo days' }) revenuePerDay!: DayRevenue[];
  @ApiProperty({ type: () => [DayOrders], description: 'The last 30 Cairo days' }) ordersPerDay!: DayOrders[];
  @ApiProperty({ type: () => [GovernorateFigures] }) ordersByGovernorate!: GovernorateFigures[];
  @ApiProperty({ type: () => [RecentOrderView] }) recentOrders!: RecentOrderView[];
}
