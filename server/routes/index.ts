/**
 * The API: one plugin per area of SPEC §7, all under /api behind the auth hook. A later area
 * (bank, auction, storage, person, company, actions, proposal) is one more line in AREAS.
 */
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { installAuth } from '../plugins/auth';
import configRoutes from './config';
import fundRoutes from './fund';
import healthRoutes from './health';
import playerRoutes from './player';
import shareRoutes from './share';
import userRoutes from './user';
import sessionRoutes from './session';
import actionRoutes from './actions';
import storageRoutes from './storage';
import shareAdminRoutes from './shareAdmin';
import bankRoutes from './bank';
import companyRoutes from './company';
import idwallRoutes from './idwall';
import personRoutes from './person';
import proposalRoutes from './proposal';
import shareDetailsRoutes from './shareDetails';
import auctionRoutes from './auction';
import administratorRoutes from './administrator';
import exportRoutes from './export';
import viewRoutes from './view';
import dashboardRoutes from './dashboard';
import auditRoutes from './audit';
import liveRoutes from './live';
import pendencyRoutes from './pendency';
import cancelReasonRoutes from './cancelReason';

const AREAS: FastifyPluginAsync[] = [healthRoutes, userRoutes, shareRoutes, configRoutes, fundRoutes, playerRoutes, bankRoutes, companyRoutes, idwallRoutes, personRoutes, proposalRoutes, shareDetailsRoutes];
AREAS.push(actionRoutes, storageRoutes, shareAdminRoutes);
AREAS.push(auctionRoutes);
AREAS.push(administratorRoutes);
AREAS.push(sessionRoutes);
AREAS.push(exportRoutes);
AREAS.push(viewRoutes);
AREAS.push(dashboardRoutes);
AREAS.push(auditRoutes, liveRoutes);
AREAS.push(pendencyRoutes);
AREAS.push(cancelReasonRoutes);

export default async function apiRoutes(api: FastifyInstance): Promise<void> {
  installAuth(api);
  // API answers carry sessions, personal data and one-time passwords: no cache, shared or private,
  // keeps them unless a route says otherwise (a signed download sets its own).
  api.addHook('onSend', (_request, reply, payload, done) => {
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    done(null, payload);
  });
  for (const area of AREAS) await api.register(area);
}
