export { GameSession, openDealerService, replayNight, type SessionOptions } from './gameSession';
export type { DealerService } from './service';
