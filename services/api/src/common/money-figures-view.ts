import { ApiProperty } from '@nestjs/swagger';
import { MONEY_FIGURE_NOTES as NOTE, MONEY_FIGURES, type MoneyFigures } from '#domain/money/figures.js';
import { piastresToEgp } from '#domain/shared/money.js';

const egp = (figure: keyof MoneyFigures) => ({ description: `EGP: ${NOTE[figure]} (libs/domain/src/money/figures.ts)` });

/** The money figures, one definition (libs/domain/src/money/figures.ts), in EGP. */
export class MoneyFiguresView implements MoneyFigures {
  @ApiProperty(egp('grossSales')) grossSales!: number;
  @ApiProperty(egp('discounts')) discounts!: number;
  @ApiProperty(egp('returns')) returns!: number;
  @ApiProperty(egp('netSales')) netSales!: number;
  @ApiProperty(egp('deliveryFees')) deliveryFees!: number;
  @ApiProperty(egp('codCashCollected')) codCashCollected!: number;
  @ApiProperty(egp('cashRefunded')) cashRefunded!: number;
  @ApiProperty(egp('paidOnline')) paidOnline!: number;
  @ApiProperty(egp('deposit')) deposit!: number;
  @ApiProperty(egp('leftToCollect')) leftToCollect!: number;
  @ApiProperty(egp('refusedAmount')) refusedAmount!: number;
  @ApiProperty(egp('courierFees')) courierFees!: number;
}

/** Figures in piastres as the view's EGP. */
export function moneyFiguresView(figures: MoneyFigures): MoneyFiguresView {
  return Object.fromEntries(MONEY_FIGURES.map((f) => [f, piastresToEgp(figures[f])])) as unknown as MoneyFiguresView;
}
