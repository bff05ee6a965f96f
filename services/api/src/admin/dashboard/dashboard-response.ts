import { ApiProperty } from '@nestjs/swagger';
import { MoneyFiguresView } from '../../common/money-figures-view.js';

export class MonthFigures {
  @ApiProperty({ example: '2026-11' }) month!: string;
  @ApiProperty() orders!: number;
  @ApiProperty({ description: 'EGP, net sales of the orders placed that month' }) netSales!: number;
  @ApiProperty() newCustomers!: number;
}

/** Percent change from last month; null when last month was 0 and this one is not. */
export class GrowthFigures {
  @ApiProperty({ type: Number, nullable: true }) orders!: number | null;
  @ApiProperty({ type: Number, nullable: true }) netSales!: number | null;
  @ApiProperty({ type: Number, nullable: true }) customers!: number | null;
}

export class DayNetSales {
  @ApiProperty({ example: '2026-11-22' }) date!: string;
  @ApiProperty({ description: 'EGP, net sales of the orders placed that day' }) netSales!: number;
}

export class DayOrders {
  @ApiProperty({ example: '2026-11-22' }) date!: string;
  @ApiProperty() orders!: number;
}

export class GovernorateFigures {
  @ApiProperty() governorate!: string;
  @ApiProperty() orders!: number;
  @ApiProperty({ type: () => MoneyFiguresView }) money!: MoneyFiguresView;
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
  @ApiProperty({ type: () => MoneyFiguresView, description: 'Every order placed, as it stands now' }) money!: MoneyFiguresView;
  @ApiProperty({ description: 'Parcels out for delivery (SHIPPED)' }) parcelsOut!: number;
  @ApiProperty({ description: 'Orders refused at the door, not yet received back' }) refused!: number;
  @ApiProperty({ description: 'Orders received back after a refusal, or with goods returned after delivery' }) returned!: number;
  @ApiProperty() totalOrders!: number;
  @ApiProperty() totalCustomers!: number;
  @ApiProperty({ description: 'Posters not deleted' }) totalProducts!: number;
  @ApiProperty() totalAddons!: number;
  @ApiProperty({ type: () => MonthFigures }) thisMonth!: MonthFigures;
  @ApiProperty({ type: () => MonthFigures }) lastMonth!: MonthFigures;
  @ApiProperty({ type: () => GrowthFigures }) growth!: GrowthFigures;
  @ApiProperty({ type: () => [DayNetSales], description: 'The last 30 Cairo days' }) netSalesPerDay!: DayNetSales[];
  @ApiProperty({ type: () => [DayOrders], description: 'The last 30 Cairo days' }) ordersPerDay!: DayOrders[];
  @ApiProperty({ type: () => [GovernorateFigures] }) ordersByGovernorate!: GovernorateFigures[];
  @ApiProperty({ type: () => [RecentOrderView] }) recentOrders!: RecentOrderView[];
}
