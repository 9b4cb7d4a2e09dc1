/** A stand-in for the analytics library that records every call, for the unit and component tests. */
import type { AnalyticsClient } from '../../src/providers/analytics';

export type AnalyticsCall = [string, ...unknown[]];

export const recordingClient = () => {
  const calls: AnalyticsCall[] = [];
  const client: AnalyticsClient = {
    track: (event, properties) => calls.push(['track', event, properties]),
    identify: (user) => calls.push(['identify', user]),
    setGroup: (group) => calls.push(['setGroup', group]),
    reset: () => calls.push(['reset']),
  };
  return { calls, client };
};
