import { useList, useTranslate } from '@refinedev/core';
import type { FundItem, PlayerItem } from '../../domain';
import { useCanDo } from '../../hooks/useSession';

export interface BuyerOption {
  value: number;
  label: string;
  disabled?: boolean;
}

/**
 * Funds and players by id, for the selects and the summary; only what the profile may list is asked
 * for. A player not enabled shows, but cannot be picked: the server refuses it as a buyer.
 */
export const useBuyerOptions = () => {
  const t = useTranslate();
  const mayListFunds = useCanDo('fund.list');
  const mayListPlayers = useCanDo('player.list');
  const page = { currentPage: 1, pageSize: 100 };
  const funds = useList<FundItem>({ resource: 'funds', pagination: page, queryOptions: { enabled: mayListFunds } });
  const players = useList<PlayerItem>({ resource: 'players', pagination: page, queryOptions: { enabled: mayListPlayers } });
  return {
    mayListFunds,
    mayListPlayers,
    fundsLoading: funds.query.isLoading && mayListFunds,
    playersLoading: players.query.isLoading && mayListPlayers,
    funds: funds.result.data.map((f): BuyerOption => ({ value: f.fundId, label: f.name })),
    players: players.result.data.map(
      (p): BuyerOption => (p.enabled === false ? { value: p.playerId, label: t('auctions.config.playerDisabled', { name: p.name }), disabled: true } : { value: p.playerId, label: p.name }),
    ),
  };
};

/**
 * A buyer's name: as the auction's answer gives it (every profile reads those), else as listed,
 * else its number.
 */
export const nameOf = (options: readonly BuyerOption[], id: number, known: readonly { id: number; name: string }[] = []): string =>
  known.find((b) => b.id === id)?.name ?? options.find((o) => o.value === id)?.label ?? `#${id}`;

