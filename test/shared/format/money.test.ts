import { expect } from '@open-wc/testing';
import { currencySymbolFor, formatMoney, formatNumber, roundMoney } from '../../../shared/format/money.ts';

describe('shared/format/money', () => {
  describe('formatNumber', () => {
    it('groups thousands and fixes decimals', () => {
      expect(formatNumber(1234567.891, 2, '.', ',')).to.equal('1,234,567.89');
      expect(formatNumber(1234.5, 2, ',', '.')).to.equal('1.234,50');
      expect(formatNumber(999, 0, '.', ',')).to.equal('999');
      expect(formatNumber(1000, 0, '.', ' ')).to.equal('1 000');
    });
    it('rounds half away from zero like PHP', () => {
      expect(formatNumber(1.005, 2)).to.equal('1.01');
      expect(roundMoney(-2.345, 2)).to.equal(-2.35);
    });
    it('treats non-finite input as zero', () => {
      expect(formatNumber(Number.NaN, 2)).to.equal('0.00');
      expect(roundMoney(Number.POSITIVE_INFINITY)).to.equal(0);
    });
  });

  describe('formatMoney', () => {
    it('places the symbol at each WooCommerce position', () => {
      expect(formatMoney(5, { currencySymbol: '€', position: 'left' })).to.equal('€5.00');
      expect(formatMoney(5, { currencySymbol: '€', position: 'right' })).to.equal('5.00€');
      expect(formatMoney(5, { currencySymbol: '€', position: 'left_space' })).to.equal('€\u00a05.00');
      expect(formatMoney(5, { currencySymbol: '€', position: 'right_space' })).to.equal('5.00\u00a0€');
    });
    it('uses the shop separators and decimals', () => {
      expect(
        formatMoney(1234.5, {
          decimals: 3,
          decimalSeparator: ',',
          thousandSeparator: '.',
          currencySymbol: 'kr',
        }),
      ).to.equal('kr1.234,500');
    });
    it('puts the minus sign before the symbol', () => {
      expect(formatMoney(-5)).to.equal('-$5.00');
    });
    it('hides a zero price only when asked', () => {
      expect(formatMoney(0, { hideZero: true })).to.equal('');
      expect(formatMoney(0.001, { hideZero: true })).to.equal('');
      expect(formatMoney(0)).to.equal('$0.00');
    });
    it('trims zero decimals when asked', () => {
      expect(formatMoney(5, { trimZeros: true })).to.equal('$5');
      expect(formatMoney(5.5, { trimZeros: true })).to.equal('$5.50');
    });
    it('reads a currency symbol through Intl and falls back to the code', () => {
      expect(currencySymbolFor('EUR', 'en')).to.equal('€');
      expect(currencySymbolFor('not a code')).to.equal('not a code');
    });
  });
});
