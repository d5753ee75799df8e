export { GameSession, openDealerService } from './gameSession';
export type { DealerService } from './service';
