/**
 * The money field (MoneyInput with moneyRule) in an antd Form: what is typed or pasted the Brazilian
 * way becomes an amount in reais and reads grouped once the field is left; anything else keeps its
 * text, says why on the field, in Portuguese, and the form does not submit.
 */
import { useTranslate } from '@refinedev/core';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button, Form, type FormInstance } from 'antd';
import { useEffect } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { MoneyInput, moneyRule, type MoneyRuleOptions, type MoneyValue } from '../../src/components/MoneyInput';
import { ptBR } from '../../src/i18n/pt-BR';
import { TestWrapper } from './TestWrapper';

vi.setConfig({ testTimeout: 30_000 });

const M = ptBR.validation.money;
const NBSP = '\u00a0';
// toHaveTextContent folds every space, the non-breaking one of formatMoney included, into ' '.

const Harness = ({ onFinish, initial, rule, onForm }: { onFinish: (v: { price: MoneyValue }) => void; initial?: MoneyValue; rule?: MoneyRuleOptions; onForm: (f: FormInstance) => void }) => {
  const t = useTranslate();
  const [form] = Form.useForm<{ price: MoneyValue }>();
  useEffect(() => onForm(form), [form, onForm]);
  return (
    <Form form={form} initialValues={{ price: initial ?? null }} onFinish={onFinish}>
      <Form.Item name="price" label="Valor" validateTrigger="onBlur" rules={[moneyRule(t, { required: true, ...rule })]}>
        <MoneyInput />
      </Form.Item>
      <Button htmlType="submit">Salvar</Button>
    </Form>
  );
};

const setup = (props: { initial?: MoneyValue; rule?: MoneyRuleOptions } = {}) => {
  const onFinish = vi.fn();
  const formRef: { current: FormInstance | null } = { current: null };
  const onForm = (f: FormInstance) => {
    formRef.current = f;
  };
  render(<Harness onFinish={onFinish} onForm={onForm} {...props} />, { wrapper: TestWrapper() });
  const user = userEvent.setup({ delay: null });
  const input = screen.getByLabelText('Valor') as HTMLInputElement;
  const field = () => input.closest('.ant-form-item') as HTMLElement;
  const submit = () => user.click(screen.getByRole('button', { name: 'Salvar' }));
  return { onFinish, formRef, user, input, field, submit };
};

describe('MoneyInput: accepted amounts', () => {
  it('keeps "150.000,50" as 150000.5 and shows it grouped, with the R$ prefix', async () => {
    const { user, input, field, submit, onFinish } = setup();
    expect(field()).toHaveTextContent('R$');
    await user.type(input, '150.000,50');
    await user.tab();
    expect(input).toHaveValue('150.000,50');
    await submit();
    await waitFor(() => expect(onFinish).toHaveBeenCalledWith({ price: 150000.5 }));
  });

  it.each([
    ['150000,50', '150.000,50', 150000.5],
    ['1.000', '1.000,00', 1000],
    ['1500', '1.500,00', 1500],
    ['0,5', '0,50', 0.5],
  ])('reads %j as %j (%d) once the field is left', async (typed, shown, value) => {
    const { user, input, submit, onFinish } = setup();
    await user.type(input, typed);
    await user.tab();
    expect(input).toHaveValue(shown);
    await submit();
    await waitFor(() => expect(onFinish).toHaveBeenCalledWith({ price: value }));
  });

  it.each([['R$ 1.000,00'], ['R$1.000,00'], [`R$${NBSP}1.000,00`], ['1.000,00']])('takes a pasted %j as 1000', async (pasted) => {
    const { user, input, submit, onFinish } = setup();
    await user.click(input);
    await user.paste(pasted);
    await user.tab();
    expect(input).toHaveValue('1.000,00');
    await submit();
    await waitFor(() => expect(onFinish).toHaveBeenCalledWith({ price: 1000 }));
  });

  it('shows the initial amount grouped, and a value set by the form', async () => {
    const { input, formRef } = setup({ initial: 19654.23 });
    expect(input).toHaveValue('19.654,23');
    formRef.current!.setFieldsValue({ price: 150000.5 });
    await waitFor(() => expect(input).toHaveValue('150.000,50'));
    formRef.current!.resetFields();
    // A reset mounts the field's input anew: look it up again.
    await waitFor(() => expect(screen.getByLabelText('Valor')).toHaveValue('19.654,23'));
  });
});

describe('MoneyInput: refused text stays as typed, says why on the field, and does not submit', () => {
  it.each([
    ['-5', M.negative],
    ['R$ -1.000,00', M.negative],
    ['abc', M.notNumber],
    ['12a', M.notNumber],
    ['1000.5', M.usFormat],
    ['1,000.50', M.usFormat],
    ['1,5555', M.tooManyDecimals],
    ['1.000.000.000', M.tooLarge.replace('{{max}}', 'R$ 999.999.999,99')],
    ['0', M.zero],
    ['0,00', M.zero],
  ])('%j: %s', async (typed, message) => {
    const { user, input, field, submit, onFinish } = setup();
    await user.type(input, typed);
    await user.tab();
    await waitFor(() => expect(field()).toHaveTextContent(message));
    // Never silently changed: what was typed is still there to correct.
    expect(input).toHaveValue(typed === '0' ? '0,00' : typed);
    await submit();
    await waitFor(() => expect(field()).toHaveTextContent(message));
    expect(onFinish).not.toHaveBeenCalled();
  });

  it('asks for a value when the field is required and left empty', async () => {
    const { field, submit, onFinish } = setup();
    await submit();
    await waitFor(() => expect(field()).toHaveTextContent(ptBR.validation.required));
    expect(onFinish).not.toHaveBeenCalled();
  });

  it('takes a smaller maximum, and says it', async () => {
    const { user, input, field, onFinish, submit } = setup({ rule: { max: 100_000_000 } });
    await user.type(input, '100.000.000,01');
    await user.tab();
    await waitFor(() => expect(field()).toHaveTextContent(M.tooLarge.replace('{{max}}', 'R$ 100.000.000,00')));
    await submit();
    expect(onFinish).not.toHaveBeenCalled();
  });

  it('clears the message once the text is corrected and the field left', async () => {
    const { user, input, field, submit, onFinish } = setup();
    await user.type(input, '1000.5');
    await user.tab();
    await waitFor(() => expect(field()).toHaveTextContent(M.usFormat));
    await user.clear(input);
    await user.type(input, '1000,5');
    await user.tab();
    await waitFor(() => expect(field()).not.toHaveTextContent(M.usFormat));
    expect(input).toHaveValue('1.000,50');
    await submit();
    await waitFor(() => expect(onFinish).toHaveBeenCalledWith({ price: 1000.5 }));
  });
});
