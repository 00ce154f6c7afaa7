import { API_KEY, type FeedDeskApi } from '@shared/ipc/api';

/** The preload's API: named functions only, one per IPC channel. */
export const api = (window as unknown as Record<typeof API_KEY, FeedDeskApi>)[API_KEY];
