import {
  DEFAULT_SHOP_RULES,
  GOVERNORATE_CODES,
  GOVERNORATES,
  parseGovernorate,
  parsePosterSize,
  SIZE_LABELS,
  SIZES,
} from './shop-config.js';

describe('shop config', () => {
  it('has the 27 governorates, each with names and a positive rate', () => {
    expect(GOVERNORATE_CODES).toHaveLength(27);
    expect(new Set(GOVERNORATES.map((g) => g.code))).toEqual(new Set(GOVERNORATE_CODES));
    for (const g of GOVERNORATES) {
      expect(g.nameEn.length).toBeGreaterThan(0);
      expect(g.nameAr).toMatch(/[\u0600-\u06ff]/);
      expect(Number.isInteger(g.shippingRate) && g.shippingRate > 0).toBe(true);
      expect(DEFAULT_SHOP_RULES.shippingRates[g.code]).toBe(g.shippingRate);
    }
  });

  it('prices Greater Cairo below Upper Egypt and Sinai', () => {
    const rate = DEFAULT_SHOP_RULES.shippingRates;
    expect(rate.CAIRO).toBeLessThan(rate.DAKAHLIYA);
    expect(rate.DAKAHLIYA).toBeLessThan(rate.ASWAN);
    expect(rate.GIZA).toBeLessThan(rate.SOUTH_SINAI);
  });

  it('has the shop defaults', () => {
    expect(DEFAULT_SHOP_RULES).toMatchObject({
      exemptGovernorates: ['CAIRO', 'GIZA'],
      freeShippingThreshold: 149900,
      codFee: 2000,
      taxRate: 14,
      maxQuantityPerLine: 100,
      minimumPosters: 2,
    });
  });

  it('labels every size', () => {
    expect(SIZES.map((s) => SIZE_LABELS[s])).toEqual(['20x30cm', '30x40cm', '40x50cm', '50x70cm']);
  });

  it('parses sizes with or without the SIZE_ prefix', () => {
    expect(parsePosterSize('SIZE_20x30')).toBe('SIZE_20x30');
    expect(parsePosterSize('20x30')).toBe('SIZE_20x30');
    expect(parsePosterSize('50X70cm')).toBe('SIZE_50x70');
    expect(parsePosterSize('A4')).toBeUndefined();
  });

  it('parses governorates loosely', () => {
    expect(parseGovernorate(' cairo ')).toBe('CAIRO');
    expect(parseGovernorate('Red Sea')).toBe('RED_SEA');
    expect(parseGovernorate('kafr-el-sheikh')).toBe('KAFR_EL_SHEIKH');
    expect(parseGovernorate('Narnia')).toBeUndefined();
  });
});
