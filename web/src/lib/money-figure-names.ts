import { MONEY_FIGURE_NAMES, MONEY_FIGURES, type MoneyFigure } from '../../../libs/domain/src/money/figures';

/** The dictionaries' money figure names, from the domain's one list (MONEY_FIGURE_NAMES), in one language. */
export function moneyFigureMessages(language: 'en' | 'ar'): Record<`money.${MoneyFigure}`, string> {
  return Object.fromEntries(MONEY_FIGURES.map((f) => [`money.${f}`, MONEY_FIGURE_NAMES[f][language]])) as Record<`money.${MoneyFigure}`, string>;
}
