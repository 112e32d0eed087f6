/* What Salir needs of the phone's offline data, in a chunk of its own (loaded when Salir is chosen). */
export { wipeOfflineData } from '../../lib/offline/offline-db';
export { unsentCount } from '../../lib/offline/outbox';
export { offlineTexts } from '../../lib/offline/offline-texts';
