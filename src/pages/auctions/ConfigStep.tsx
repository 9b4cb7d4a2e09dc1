import { useTranslate, type HttpError } from '@refinedev/core';
import { Alert, Button, Col, DatePicker, Form, Input, InputNumber, Radio, Row, Typography } from 'antd';
import { FormSelect } from '../../components/FormSelect';
import { useMemo, useState, type KeyboardEvent } from 'react';
import { AUCTION_CONFIG_LIMITS, validateAuctionConfig, type AuctionConfigProblem, type AuctionInfo } from '../../domain';
import { MoneyInput, moneyRule } from '../../components/MoneyInput';
import { formatDateTime } from '../../components/formatters';
import { errorText } from '../../providers/notificationProvider';
import { useBuyerOptions } from './buyers';
import { ERROR_FORM_FIELDS, culpritList, errorsByField, fromConfig, parseContracts, toConfig, type ConfigFormValues } from './configForm';
import { useApiWrite } from '../../hooks/useApi';
import { auctionWrite } from './useAuction';
import { saleContext } from './wording';
import { AlertIcon } from '../../components/AlertIcon';
import { rangePickerA11y } from '../../components/pickerA11y';

/**
 * Enter inside the window picker commits the date typed; it must not also submit a form whose other
 * end may still be empty.
 */
const keepEnterInPicker = (e: KeyboardEvent<HTMLElement>) => {
  if (e.key === 'Enter') e.preventDefault();
};

/**
 * The configuration form. Checked with validateAuctionConfig before sending (the same rules the
 * server applies); what only the server can tell (a contract that is not available…) comes back
 * in `errors` and lands on the same fields, naming the contracts the server named. Every check
 * replaces all earlier messages, and a field's message leaves as soon as the field changes.
 */
export const ConfigStep = ({ auction }: { auction: AuctionInfo }) => {
  const t = useTranslate();
  const [form] = Form.useForm<ConfigFormValues>();
  const buyers = useBuyerOptions();
  const initial = useMemo(() => fromConfig(auction.config), [auction.config]);
  const contracts = Form.useWatch('contracts', form);
  const kind = Form.useWatch('minimumKind', form) ?? initial.minimumKind;
  const count = parseContracts(contracts ?? initial.contracts).length;
  // The server refuses new shares or a new minimum once a spreadsheet priced the old ones.
  const frozen = auction.status === 'pricing' && auction.latestPricing !== null;

  // Funds and players share their messages, shown under both selects.
  const [buyersErrors, setBuyersErrors] = useState<string[]>([]);
  const message = (key: string) => t(`auctions.configErrors.${key}`, {}, errorText(key));
  const list = (items: readonly (string | number)[]) => culpritList(items, (shown, count) => t('auctions.configErrors.problems.more', { list: shown, count }));
  /** One line per problem the server found, naming its contracts and the other auction by name. */
  const problemLine = (p: AuctionConfigProblem): string => {
    const P = 'auctions.configErrors.problems';
    if (p.code === 'sharesInOtherAuction' && p.auction) {
      const sale = !p.auction.isAuction;
      const name = p.auction.name || t('auctionList.unnamed', saleContext(p.auction.isAuction));
      return t(`${P}.${sale ? 'sharesInOtherAuctionSale' : 'sharesInOtherAuction'}`, { count: p.contracts?.length ?? 0, name, list: list(p.contracts ?? []) });
    }
    if (p.code === 'buyersNotFound') return p.fundIds?.length ? t(`${P}.fundsNotFound`, { list: list(p.fundIds) }) : t(`${P}.playersNotFound`, { list: list(p.playerIds ?? []) });
    return p.contracts?.length ? t(`${P}.${p.code}`, { count: p.contracts.length, list: list(p.contracts) }) : message(p.code);
  };
  /**
   * Shows these errors and clears every other: a message never outlives the check that made it. The
   * server's `problems` replace its one code per field: every problem, each on its line (issue 13).
   */
  const showErrors = (errors: Record<string, unknown>, problems: readonly AuctionConfigProblem[] = []) => {
    const fields = errorsByField(errors);
    const linesOf = (field: AuctionConfigProblem['field']) => problems.filter((p) => p.field === field).map(problemLine);
    const contractLines = linesOf('contractNumbers');
    const buyerLines = linesOf('buyers');
    form.setFields(
      ERROR_FORM_FIELDS.map((name) => ({
        name,
        errors: name === 'contracts' && contractLines.length ? contractLines : fields.has(name) ? [message(fields.get(name)!)] : [],
      })),
    );
    const buyersKey = fields.get('buyers');
    setBuyersErrors(buyerLines.length ? buyerLines : buyersKey ? [message(buyersKey)] : []);
    return fields.size > 0;
  };
  const save = useApiWrite({
    endpoint: 'auction.saveConfig',
    ...auctionWrite(auction.auctionId),
    success: 'auctions.config.saved',
    // Field errors show on their fields; anything else is a toast.
    silentErrors: (e: HttpError) =>
      e.statusCode === 400 && !!e.errors && showErrors(e.errors as Record<string, unknown>, Array.isArray(e.problems) ? (e.problems as AuctionConfigProblem[]) : []),
  });

  const submit = (values: ConfigFormValues) => {
    const config = toConfig(values);
    if (showErrors({ ...validateAuctionConfig(config) })) return;
    save.mutate({ config }, { onSuccess: () => showErrors({}) });
  };

  const windowOrderRule = (value: ConfigFormValues['window']) => {
    const [start, end] = value ?? [];
    if (start && end && !end.isAfter(start)) throw new Error(t('auctions.configErrors.endBeforeStartTyped', { start: formatDateTime(start.toISOString()), end: formatDateTime(end.toISOString()) }));
  };

  const clearChanged = (changed: Partial<ConfigFormValues>) => {
    const names = Object.keys(changed) as (keyof ConfigFormValues)[];
    form.setFields(names.filter((n) => ERROR_FORM_FIELDS.includes(n)).map((name) => ({ name, errors: [] })));
    if (names.includes('fundIds') || names.includes('playerIds')) setBuyersErrors([]);
    // The minimum's rule decides what its value may be: a new rule asks for a new check of the value.
    if (names.includes('minimumKind')) form.setFields([{ name: 'minimumValue', errors: [] }]);
  };

  return (
    <Form<ConfigFormValues>
      form={form}
      layout="vertical"
      name="auction-config"
      initialValues={initial}
      onFinish={submit}
      onValuesChange={clearChanged}
      style={{ maxWidth: 880 }}
    >
      {frozen && <Alert type="info" showIcon icon={<AlertIcon type="info" />} message={t('auctions.config.frozen')} style={{ marginBottom: 16 }} />}
      <Form.Item name="name" label={t('auctions.config.name')}>
        <Input maxLength={120} placeholder={t('auctions.config.namePlaceholder', saleContext(auction.isAuction))} />
      </Form.Item>
      <Form.Item
        name="window"
        label={t(auction.isAuction ? 'auctions.config.window' : 'auctions.config.windowDirectSale')}
        // An end before the start is kept as typed and refused here, as soon as both are there (issue 13).
        rules={[{ validator: async (_, value: ConfigFormValues['window']) => windowOrderRule(value) }]}
      >
        <DatePicker.RangePicker
          {...rangePickerA11y(t('app.clear'))}
          // antd would otherwise swap (or replace) an end typed before the start, silently.
          order={false}
          showTime={{ format: 'HH:mm' }}
          format="L LT"
          placeholder={[t('auctions.config.windowStart'), t('auctions.config.windowEnd')]}
          allowEmpty={[true, true]}
          // A date typed and left with Tab counts, without pressing OK.
          needConfirm={false}
          onKeyDown={keepEnterInPicker}
          style={{ width: '100%', maxWidth: 420 }}
        />
      </Form.Item>
      <Form.Item
        name="contracts"
        label={t('auctions.config.contracts')}
        extra={
          <>
            {t('auctions.config.contractsHelp')}{' '}
            <strong data-testid="contracts-count">{t('auctions.config.contractsCount', { count })}</strong>
          </>
        }
      >
        <Input.TextArea rows={6} spellCheck={false} disabled={frozen} style={{ fontFamily: 'monospace' }} />
      </Form.Item>
      <Typography.Title level={3} style={{ fontSize: 16 }} id={`${auction.auctionId}-buyers`}>
        {t('auctions.config.buyers')}
      </Typography.Title>
      <div role="group" aria-labelledby={`${auction.auctionId}-buyers`} data-testid="buyers-group">
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name="fundIds" label={t('auctions.config.funds')} validateStatus={buyersErrors.length ? 'error' : undefined} style={buyersErrors.length ? { marginBottom: 8 } : undefined}>
            <FormSelect mode="multiple" allowClear showSearch optionFilterProp="label" loading={buyers.fundsLoading} options={buyers.funds} placeholder={t('auctions.config.fundsPlaceholder')} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          {buyers.mayListPlayers ? (
            <Form.Item name="playerIds" label={t('auctions.config.players')} validateStatus={buyersErrors.length ? 'error' : undefined} style={buyersErrors.length ? { marginBottom: 8 } : undefined}>
              <FormSelect mode="multiple" allowClear showSearch optionFilterProp="label" loading={buyers.playersLoading} options={buyers.players} placeholder={t('auctions.config.playersPlaceholder')} />
            </Form.Item>
          ) : (
            <>
              {/* Kept in the form, so players an operator chose are saved again unchanged. */}
              <Form.Item name="playerIds" hidden>
                <FormSelect mode="multiple" />
              </Form.Item>
              <Alert type="info" showIcon icon={<AlertIcon type="info" />} message={t('auctions.config.playersHidden')} style={{ marginTop: 30 }} />
            </>
          )}
        </Col>
      </Row>
      {buyersErrors.length > 0 && (
        <div role="alert" data-testid="buyers-error" style={{ marginBottom: 16 }}>
          {buyersErrors.map((line) => (
            <Typography.Paragraph key={line} type="danger" style={{ margin: 0 }}>
              {line}
            </Typography.Paragraph>
          ))}
        </div>
      )}
      </div>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name="minimumKind" label={t('auctions.config.minimumKind')}>
            <Radio.Group
              disabled={frozen}
              options={[
                { value: 'percent_of_credit', label: t('auctions.config.kinds.percent_of_credit') },
                { value: 'fixed', label: t('auctions.config.kinds.fixed') },
              ]}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          {/* No `min` on either input: a clamp turned −5 into 0,00 unseen; the value stays and its rule refuses it. */}
          {kind === 'fixed' ? (
            <Form.Item
              key="fixed"
              name="minimumValue"
              label={t('auctions.config.minimumValue')}
              validateTrigger="onBlur"
              rules={[moneyRule(t, { max: AUCTION_CONFIG_LIMITS.maxFixedPrice })]}
            >
              <MoneyInput disabled={frozen} style={{ width: 220 }} />
            </Form.Item>
          ) : (
            <Form.Item key="percent" name="minimumValue" label={t('auctions.config.minimumValue')}>
              <InputNumber disabled={frozen} step={1} decimalSeparator="," precision={2} suffix="%" style={{ width: 220 }} />
            </Form.Item>
          )}
        </Col>
      </Row>
      <Button type="primary" htmlType="submit" loading={save.isPending}>
        {t('auctions.config.save')}
      </Button>
    </Form>
  );
};

export default ConfigStep;
