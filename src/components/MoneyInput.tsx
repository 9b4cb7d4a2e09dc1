import { Input, type InputProps } from 'antd';
import type { Rule } from 'antd/es/form';
import { useEffect, useRef, useState, type ChangeEvent, type FocusEvent } from 'react';
import { MONEY_MAX, formatMoney, formatMoneyAmount, parseMoney } from '../domain/money';

/**
 * The form value of a money field: the amount in reais once the text reads as one, null when the
 * field is empty, and the text itself while it does not read, so that moneyRule can say why and the
 * form cannot submit. The value is never replaced by a guess.
 */
export type MoneyValue = number | string | null;

export interface MoneyInputProps extends Omit<InputProps, 'value' | 'onChange' | 'prefix' | 'suffix'> {
  value?: MoneyValue;
  onChange?: (value: MoneyValue) => void;
}

const valueOf = (text: string): MoneyValue => {
  const parsed = parseMoney(text);
  return parsed.ok ? parsed.value : parsed.reason === 'empty' ? null : text;
};

const textOf = (value: MoneyValue | undefined): string => (typeof value === 'number' ? formatMoneyAmount(value) : (value ?? ''));

/**
 * One money field for the whole app: "R$" before it, any accepted form typed or pasted
 * (docs/user-guide.md), pt-BR grouping shown once the field is left. Free text (an antd Input, not
 * InputNumber) because InputNumber rewrites what does not parse on blur: "150.000,50" became 150,00.
 * Pair it with moneyRule on its Form.Item, validated on blur so a half-typed "150." is not scolded.
 */
export const MoneyInput = ({ value, onChange, onBlur, ...rest }: MoneyInputProps) => {
  const [text, setText] = useState(() => textOf(value));
  // The value this field last gave the form: any other value came from outside (initial values, a reset).
  const sent = useRef<MoneyValue | undefined>(value);
  useEffect(() => {
    if (value !== sent.current) {
      sent.current = value;
      setText(textOf(value));
    }
  }, [value]);

  const change = (e: ChangeEvent<HTMLInputElement>) => {
    setText(e.target.value);
    const next = valueOf(e.target.value);
    sent.current = next;
    onChange?.(next);
  };
  const blur = (e: FocusEvent<HTMLInputElement>) => {
    const parsed = parseMoney(text);
    if (parsed.ok) setText(formatMoneyAmount(parsed.value));
    onBlur?.(e);
  };
  return <Input inputMode="decimal" autoComplete="off" {...rest} prefix="R$" value={text} onChange={change} onBlur={blur} />;
};

export interface MoneyRuleOptions {
  required?: boolean;
  /** Zero is refused unless allowed: a price or a minimum of R$ 0,00 is a slip, not a choice. */
  allowZero?: boolean;
  max?: number;
}

/**
 * The Form.Item rule of a MoneyInput: an empty field (when required), a text that does not read as
 * an amount, zero and what passes `max` are refused, each with its Portuguese message.
 */
export const moneyRule = (t: (key: string, options?: Record<string, unknown>) => string, options: MoneyRuleOptions = {}): Rule => {
  const { required = false, allowZero = false, max = MONEY_MAX } = options;
  return {
    validator: async (_, value: MoneyValue | undefined) => {
      if (value === null || value === undefined || value === '') {
        if (required) throw new Error(t('validation.required'));
        return;
      }
      const parsed = typeof value === 'number' ? ({ ok: true, value } as const) : parseMoney(value);
      if (!parsed.ok) {
        if (parsed.reason === 'empty') {
          if (required) throw new Error(t('validation.required'));
          return;
        }
        throw new Error(t(`validation.money.${parsed.reason}`, { max: formatMoney(max) }));
      }
      if (parsed.value < 0) throw new Error(t('validation.money.negative'));
      if (parsed.value === 0 && !allowZero) throw new Error(t('validation.money.zero'));
      if (parsed.value > max) throw new Error(t('validation.money.tooLarge', { max: formatMoney(max) }));
    },
  };
};
