export { GameSession, openDealerService, type SessionOptions } from './gameSession';
export type { DealerService } from './service';
