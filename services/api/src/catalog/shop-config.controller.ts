import { Controller, Get, Header, Inject } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { piastresToEgp } from '#domain/shared/money.js';
import {
  CATEGORIES,
  DEFAULT_COORDINATES,
  DEFAULT_PAYMENT_METHOD,
  GOVERNORATES,
  PAYMENT_METHODS,
  SIZES,
  SIZE_LABELS,
  categoryLabel,
  CATEGORY_NAMES,
  type ShopRules,
} from '#domain/shop-config.js';
import { arabicDigitsFromEnv } from '#platform/config/customer-text-config.js';
import { SHOP_RULES } from './shop-rules.js';
import { ShopConfigView } from './shop-content-response.js';

/** What the web must agree on with the server (one list of exempt governorates, one COD fee, …). */
@ApiTags('public')
@Controller('public/config')
export class ShopConfigController {
  private readonly body: ShopConfigView;

  constructor(@Inject(SHOP_RULES) rules: ShopRules) {
    this.body = {
      currency: 'EGP',
      governorates: GOVERNORATES.map((g) => ({
        code: g.code,
        nameEn: g.nameEn,
        nameAr: g.nameAr,
        shippingCost: piastresToEgp(rules.shippingRates[g.code]),
        exempt: rules.exemptGovernorates.includes(g.code),
      })),
      exemptGovernorates: [...rules.exemptGovernorates],
      minimumPosters: rules.minimumPosters,
      freeShippingThreshold: piastresToEgp(rules.freeShippingThreshold),
      codFee: piastresToEgp(rules.codFee),
      taxRate: rules.taxRate,
      maxQuantityPerLine: rules.maxQuantityPerLine,
      sizes: SIZES.map((code) => ({ code, label: SIZE_LABELS[code] })),
      categories: CATEGORIES.map((code) => ({ code, label: categoryLabel(code), ...CATEGORY_NAMES[code] })),
      paymentMethods: [...PAYMENT_METHODS],
      defaultPaymentMethod: DEFAULT_PAYMENT_METHOD,
      defaultCoordinates: { ...DEFAULT_COORDINATES },
      arabicDigits: arabicDigitsFromEnv(),
    };
  }

  @Get()
  @Header('Cache-Control', 'public, max-age=300')
  @ApiOkResponse({ type: ShopConfigView })
  getPublicConfig(): ShopConfigView {
    return this.body;
  }
}
