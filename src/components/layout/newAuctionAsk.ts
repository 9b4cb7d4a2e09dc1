/**
 * "Novo leilão" asked from elsewhere (the command palette, issue 18): the auctions list's button
 * opens its dialog when it next mounts. A flag in memory, not in the URL or history, so a reload or
 * Back never opens the dialog again.
 */
let asked = false;

export const askNewAuction = (): void => {
  asked = true;
};

export const takeNewAuctionAsk = (): boolean => {
  const was = asked;
  asked = false;
  return was;
};
